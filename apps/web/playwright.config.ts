import { defineConfig } from '@playwright/test';
import { CHROMIUM_LAUNCH_OPTIONS } from './e2e/support/chromium';
import { FAKE_MICROPHONE_LAUNCH_OPTIONS } from './e2e/support/fake-microphone';

// The real server (built app + API + live channel) on loopback, started by e2e/support/global-setup.ts
// with a fresh data folder. Cookies are `secure`: Chromium accepts them on http://localhost only.
const port = Number(process.env.E2E_PORT ?? 4780);

// Specs that change what the other tests read (the active anamnesis prompt, the default persona, the templates
// offered to every professional) start once all the others have finished: see e2e/README.md.
const GLOBAL_SETTINGS = /\/admin-(prompts|personas|templates)\.spec\.ts$/;

// Specs that record through Chromium's fake microphone: their browsers are launched with it, so they need workers
// of their own. Listed first, they start first: the longest specs, they would otherwise end the run alone.
const RECORDING = /\/(recording|recording-live-view|recording-voice-activity|consultation-layout|embed)\.spec\.ts$/;

// Specs that measure the page's responsiveness (INP) and how soon spoken words show run alone once every other spec
// has finished: beside another browser a loaded 2-core machine measures itself, not the page.
const MEASURED = /\/(long-transcript|realtime-latency)\.spec\.ts$/;

export default defineConfig({
  testDir: './e2e',
  globalSetup: './e2e/support/global-setup.ts',
  // Spec files in two workers on two cores, the tests of one file in order. A third worker once filled the cores
  // while the recording specs waited on the microphone's real time; with today's suite it overloads them (load 6 to
  // 7): the recording pages then stall for seconds, a real-time capture a professional's machine never sees.
  fullyParallel: false,
  workers: 2,
  projects: [
    {
      name: 'recording',
      testMatch: RECORDING,
      use: {
        permissions: ['microphone'],
        launchOptions: FAKE_MICROPHONE_LAUNCH_OPTIONS,
      },
    },
    { name: 'independent', testIgnore: [GLOBAL_SETTINGS, RECORDING, MEASURED] },
    { name: 'global-settings', testMatch: GLOBAL_SETTINGS, dependencies: ['recording', 'independent'] },
    { name: 'measured', testMatch: MEASURED, dependencies: ['global-settings'] },
  ],
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // The JSON report (for scripts/summarize-tests.mjs) is written when PLAYWRIGHT_JSON_OUTPUT_NAME names its file.
  reporter: [
    ['list'],
    ...(process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['json'] as const] : []),
    ...(process.env.CI ? [] : [['html', { open: 'never' }] as const]),
  ],
  use: {
    baseURL: `http://localhost:${port}`,
    viewport: { width: 1366, height: 768 },
    locale: 'pt-BR',
    // Animations off, as a professional can set them: a pulse shown for a whole recording keeps the browser drawing.
    reducedMotion: 'reduce',
    timezoneId: 'America/Sao_Paulo',
    trace: 'retain-on-failure',
    launchOptions: CHROMIUM_LAUNCH_OPTIONS,
  },
});
