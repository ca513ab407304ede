import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { signedInProfessional } from './support/records';
import { transcriptLine } from './support/transcript-lines';

/** Records through the fake microphone until the first line shows, then stops; the chunk uploads' queries. */
async function recordFirstLine(page: Page, request: APIRequestContext): Promise<URLSearchParams[]> {
  const { records } = await signedInProfessional(page, request);
  const patient = await records.createPatient({ name: 'Otávio Prado', birth_date: '1965-09-12', sex: 'male' });
  const consultation = await records.createConsultation({ patient_id: patient.id, title: 'Retorno' });
  const uploads: URLSearchParams[] = [];
  page.on('request', (sent) => {
    if (sent.method() === 'POST' && sent.url().includes('/evidences/transcript?')) {
      uploads.push(new URL(sent.url()).searchParams);
    }
  });
  const recorder = page.getByRole('region', { name: 'Gravação' });
  await page.goto(`/${consultation.id}`);
  await recorder.getByRole('button', { name: 'Gravar' }).click();
  await page
    .getByRole('dialog', { name: 'Consentimento do paciente' })
    .getByRole('button', { name: 'O paciente concorda' })
    .click();
  await expect(recorder.getByRole('status').first()).toHaveText('Gravando', { timeout: 60_000 });
  const lines = page.getByTestId('pane-transcript').getByTestId('transcript-line');
  await expect(lines.first()).toContainText(transcriptLine(0), { timeout: 30_000 });
  // Nothing alarming on the page, whichever chunker cut the audio.
  await expect(page.getByRole('alert')).toHaveCount(0);
  await recorder.getByRole('button', { name: 'Parar gravação' }).click();
  await expect(recorder.getByRole('button', { name: 'Parar gravação' })).toBeHidden();
  return uploads;
}

test('the recorder marks the chunks its voice activity detector cut as speech', async ({ page, request }) => {
  test.setTimeout(120_000);
  const uploads = await recordFirstLine(page, request);
  expect(uploads.length).toBeGreaterThan(0);
  for (const query of uploads) expect(query.get('speech')).toBe('detected');
});

test('where the voice activity model cannot load, the recorder cuts by loudness as before and says nothing', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  // An old browser or a blocked file: the model never arrives.
  await page.route('**/*.onnx', (route) => route.abort());
  const uploads = await recordFirstLine(page, request);
  // Chunks went as the loudness chunker cut them, saying nothing of speech: the server's gate decides.
  expect(uploads.length).toBeGreaterThan(0);
  for (const query of uploads) {
    expect(query.has('speech')).toBe(false);
    expect(query.has('silence_ms')).toBe(false);
  }
});
