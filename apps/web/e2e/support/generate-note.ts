import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { consultationApi } from './consultation-api';
import { recordsFor } from './records';

/** "Gerar anamnese" with the "Anamnese completa" template in the note's pane, until its first version is shown. */
export async function generateNote(pane: Locator, timeout = 60_000): Promise<void> {
  await pane.getByLabel('Modelo de anamnese').selectOption({ label: 'Anamnese completa' });
  await pane.getByRole('button', { name: 'Gerar anamnese' }).click();
  await expect(pane.getByText('Versão 1', { exact: true })).toBeVisible({ timeout });
}

/**
 * A headache visit of Helena Martins recorded and transcribed through the API, opened, with its note generated: where
 * the PDF tests start.
 */
export async function openVisitWithNote(
  page: Page,
  request: APIRequestContext,
  token: string,
): Promise<{ consultationId: string; pane: Locator }> {
  const records = recordsFor(request, token);
  const patient = await records.createPatient({ name: 'Helena Martins', cpf: '52998224725', sex: 'female' });
  const consultation = await records.createConsultation({ patient_id: patient.id, title: 'Cefaleia' });
  const api = consultationApi(request, token, consultation.id);
  await api.record();
  await api.transcribed();
  await page.goto(`/${consultation.id}`);
  const pane = page.getByTestId('pane-anamnesis');
  await generateNote(pane);
  return { consultationId: consultation.id, pane };
}
