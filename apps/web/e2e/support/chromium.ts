import type { LaunchOptions } from '@playwright/test';

/**
 * How every test's browser is launched (playwright.config.ts), and a test's own (fake-microphone.ts): Debian's
 * Chromium (never a downloaded browser), its binary rather than the /usr/bin/chromium script, whose default flags
 * rasterize through SwiftShader on a machine without a GPU. As root it needs --no-sandbox, and the
 * background-networking flags keep it from calling hosts this machine cannot reach.
 */
export const CHROMIUM_LAUNCH_OPTIONS = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/lib/chromium/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    // The browser's own language: date inputs then read DD/MM/AAAA, as in a Brazilian browser.
    '--lang=pt-BR',
  ],
} satisfies LaunchOptions;
