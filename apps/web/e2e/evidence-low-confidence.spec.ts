import { expect, test } from '@playwright/test';
import type { TEvidence } from '@escriba/contract';
import { blurredLabReport } from '../../server/test/degraded-documents';
import { consultationApi } from './support/consultation-api';
import { signedInProfessional } from './support/records';
import { shoot } from './support/screenshot';

test('a picture read with low confidence is flagged, its unsure words and numbers marked beside the image', async ({
  page,
  request,
}) => {
  // OCR of the picture takes seconds, more on a busy machine.
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  const { token, records } = await signedInProfessional(page, request);
  const patient = await records.createPatient({ name: 'Helena Souza Lima', birth_date: '1972-05-03', sex: 'female' });
  const consultation = await records.createConsultation({ patient_id: patient.id, title: 'Retorno com exames' });
  const api = consultationApi(request, token, consultation.id);
  await api.addEvidence('hemograma-whatsapp.jpg', await blurredLabReport());
  const file = async () => (await api.get<TEvidence[]>('/evidences/')).find((each) => each.kind === 'file');
  await expect.poll(async () => (await file())?.status, { timeout: 90_000 }).toBe('ready');
  const evidence = (await file())!;
  expect(evidence.low_confidence).toBe(true);

  await page.goto(`/${consultation.id}`);
  await page.getByRole('tab', { name: 'Evidências' }).click();
  const row = page
    .getByTestId('pane-evidence')
    .getByTestId('evidence-row')
    .filter({ hasText: 'hemograma-whatsapp.jpg' });
  // The list says it before the file is opened; the reading is still "Pronto".
  await expect(row.getByTestId('evidence-status')).toHaveText('Pronto');
  await expect(row.getByTestId('evidence-low-confidence')).toHaveText('Leitura incerta');

  await row.getByRole('button').first().click();
  const dialog = page.getByRole('dialog', { name: 'hemograma-whatsapp.jpg' });
  const share = `${Math.round(evidence.unsure_share * 100)}% das palavras`;
  await expect(dialog.getByTestId('reading-review-notice')).toContainText(
    `Leitura incerta: ${share} foram lidas com pouca confiança`,
  );
  await expect(dialog.getByRole('img', { name: 'Imagem de hemograma-whatsapp.jpg' })).toBeVisible();

  const text = dialog.getByTestId('evidence-text');
  const numbers = text.locator('mark[data-unsure="number"], mark[data-unsure="separator"]');
  await expect(numbers.first()).toBeVisible();
  expect(await numbers.count()).toBeGreaterThan(0);
  await expect(text.locator('mark[data-unsure="word"]').first()).toBeVisible();
  const legend = dialog.getByTestId('unsure-legend');
  await expect(legend).toContainText('Número incerto');
  await expect(legend).toContainText('Palavra incerta');
  // Each mark says why, on hover and to a screen reader.
  await expect(numbers.first()).toHaveAttribute(
    'title',
    /Leitura incerta \(confiança de \d+%\)|Separador suspeito|Valor e referência não se leem/,
  );
  await shoot(page, 'evidence-low-confidence');
});
