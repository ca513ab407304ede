import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type LaunchOptions } from '@playwright/test';
import { speechWav } from '../../../server/test/speech';
import { CHROMIUM_LAUNCH_OPTIONS } from './chromium';

// Chromium's fake microphone plays this file in a loop: real Portuguese speech with the pauses of a dialogue. The
// browsers of the `recording` project are launched with it (playwright.config.ts).
const SPEECH = join(tmpdir(), `escriba-e2e-speech-${process.env.E2E_PORT ?? 4780}.wav`);

/** The tests' Chromium with a microphone, allowed without asking, that plays `file` in a loop. */
function launchOptionsPlaying(file: string): LaunchOptions {
  return {
    ...CHROMIUM_LAUNCH_OPTIONS,
    args: [
      ...CHROMIUM_LAUNCH_OPTIONS.args,
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-audio-capture=${file}`,
    ],
  };
}

/** How the `recording` project's browsers are launched: their microphone speaks SPEECH. */
export const FAKE_MICROPHONE_LAUNCH_OPTIONS = launchOptionsPlaying(SPEECH);

/** Writes the speech the fake microphone plays, before any browser starts (global-setup.ts); returns its removal. */
export async function writeSpeechFile(): Promise<() => Promise<void>> {
  await writeFile(
    SPEECH,
    await speechWav(
      'Bom dia, doutora. Estou com dor de cabeça há três dias, principalmente à tarde. ' +
        'Tomei dipirona duas vezes, melhorou um pouco, mas a dor voltou ontem à noite. ' +
        'Também sinto um pouco de enjoo e a luz incomoda. Não tive febre. ' +
        'Minha mãe tinha enxaqueca, e eu tenho dormido pouco por causa do trabalho.',
    ),
  );
  return () => rm(SPEECH, { force: true });
}

/**
 * A Chromium of a test's own whose microphone plays `wav` in a loop: a 16 kHz mono 16-bit WAV, as SPEECH is (speechWav
 * and spacedSpeech in server/test make them). Its contexts still need the `microphone` permission; `close` closes
 * the browser and removes the file.
 */
export async function launchWithMicrophone(wav: Buffer): Promise<{ browser: Browser; close(): Promise<void> }> {
  const folder = await mkdtemp(join(tmpdir(), 'escriba-e2e-microphone-'));
  const file = join(folder, 'microphone.wav');
  await writeFile(file, wav);
  const removeFile = () => rm(folder, { recursive: true, force: true });
  const browser = await chromium.launch(launchOptionsPlaying(file)).catch(async (error: unknown) => {
    await removeFile();
    throw error;
  });
  return {
    browser,
    async close() {
      await browser.close();
      await removeFile();
    },
  };
}
