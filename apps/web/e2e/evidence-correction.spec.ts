import { expect, test } from '@playwright/test';
import type { TEvidence, TEvidenceDetail } from '@escriba/contract';
import { consultationApi } from './support/consultation-api';
import { signedInProfessional } from './support/records';
import { shoot } from './support/screenshot';

const AS_READ = 'TSH 2 | uUI/mL (0,4 a 4,0)\nCreatinina O,9 mg/dL (0,5 a 1,1)';
const CORRECTED = 'TSH 2,1 uUI/mL (0,4 a 4,0)\nCreatinina 0,9 mg/dL (0,5 a 1,1)';

test('a file’s text misread is corrected in the viewer, saying who corrected it, with the original kept', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  const { token, records } = await signedInProfessional(page, request);
  const patient = await records.createPatient({ name: 'Helena Souza Lima', birth_date: '1972-05-03', sex: 'female' });
  const consultation = await records.createConsultation({ patient_id: patient.id, title: 'Retorno com exames' });
  const api = consultationApi(request, token, consultation.id);
  await api.addEvidence('exames-tireoide.txt', Buffer.from(`${AS_READ}\n`));
  const file = async () => (await api.get<TEvidence[]>('/evidences/')).find((each) => each.kind === 'file');
  await expect.poll(async () => (await file())?.status).toBe('ready');
  const evidence = await file();

  await page.goto(`/${consultation.id}`);
  // Before a note, the files wait in the side panel's tab.
  await page.getByRole('tab', { name: 'Evidências' }).click();
  const row = page.getByTestId('pane-evidence').getByTestId('evidence-row').filter({ hasText: 'exames-tireoide.txt' });
  await row.getByRole('button').first().click();
  const dialog = page.getByRole('dialog', { name: 'exames-tireoide.txt' });
  await expect(dialog.getByTestId('evidence-text')).toHaveText(AS_READ);

  await dialog.getByRole('button', { name: 'Editar texto do arquivo' }).click();
  await dialog.getByRole('textbox', { name: 'Texto do arquivo' }).fill(CORRECTED);
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog.getByTestId('evidence-text')).toHaveText(CORRECTED);
  await expect(dialog.getByText(/^Texto corrigido por você em \d{2}\/\d{2}\/\d{4}/)).toBeVisible();

  await dialog.getByRole('button', { name: 'Ver texto original' }).click();
  const original = dialog.getByRole('region', { name: 'Texto original, como lido do arquivo' });
  await expect(original.getByTestId('evidence-text')).toHaveText(AS_READ);
  await shoot(page, 'evidence-correction');

  // The correction is the file's text from now on; the reading stays as version 1.
  const stored = await api.get<TEvidenceDetail>(`/evidences/${evidence!.id}`);
  expect(stored).toMatchObject({ text: CORRECTED, version: 2, original: { text: AS_READ } });
});
