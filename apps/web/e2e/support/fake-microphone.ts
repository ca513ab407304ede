import { test } from '@playwright/test';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { speechWav } from '../../../server/test/speech';
import config from '../../playwright.config';

// Chromium's fake microphone plays this file in a loop: real Portuguese speech with the pauses of a dialogue.
const SPEECH = join(tmpdir(), `escriba-e2e-speech-${process.pid}.wav`);
await writeFile(
  SPEECH,
  await speechWav(
    'Bom dia, doutora. Estou com dor de cabeça há três dias, principalmente à tarde. ' +
      'Tomei dipirona duas vezes, melhorou um pouco, mas a dor voltou ontem à noite. ' +
      'Também sinto um pouco de enjoo e a luz incomoda. Não tive febre. ' +
      'Minha mãe tinha enxaqueca, e eu tenho dormido pouco por causa do trabalho.',
  ),
);

/** The spec's browsers get a microphone, allowed without asking, that speaks SPEECH. */
export function withFakeMicrophone(): void {
  const base = config.use?.launchOptions ?? {};
  test.use({
    permissions: ['microphone'],
    launchOptions: {
      ...base,
      args: [
        ...(base.args ?? []),
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
        `--use-file-for-fake-audio-capture=${SPEECH}`,
      ],
    },
  });
}
