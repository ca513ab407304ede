import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { speechWav } from '../../../server/test/speech';

// Chromium's fake microphone plays this file in a loop: real Portuguese speech with the pauses of a dialogue. The
// browsers of the `recording` project are launched with it (playwright.config.ts).
const SPEECH = join(tmpdir(), `escriba-e2e-speech-${process.env.E2E_PORT ?? 4780}.wav`);

/** Chromium's flags for a microphone, allowed without asking, that speaks SPEECH. */
export const FAKE_MICROPHONE_ARGS = [
  '--use-fake-ui-for-media-stream',
  '--use-fake-device-for-media-stream',
  `--use-file-for-fake-audio-capture=${SPEECH}`,
];

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
