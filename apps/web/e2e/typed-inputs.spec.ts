import { expect, test } from '@playwright/test';
import { join } from 'node:path';
import { generateNote } from './support/generate-note';
import { signedInProfessional } from './support/records';

const screenshot = (name: string) => join(import.meta.dirname, 'screenshots', `${name}.png`);

const COMPLAINT = 'Pressão 150x100 mmHg medida em casa ontem, com dor de cabeça.';
const NOTES = 'G2P1, alto risco.';

test('the chief complaint and the patient’s notes she typed are the note’s sources, named in "Fontes"', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  const { records } = await signedInProfessional(page, request);
  const patient = await records.createPatient({
    name: 'Joana Ribeiro',
    birth_date: '1994-08-12',
    sex: 'female',
    notes: NOTES,
  });
  // A visit she types rather than records: the header and the record are all the model has.
  const consultation = await records.createConsultation({
    patient_id: patient.id,
    title: 'Pré-natal, 28 semanas',
    chief_complaint: COMPLAINT,
  });

  await page.goto(`/${consultation.id}`);
  const pane = page.getByTestId('pane-anamnesis');
  const card = (title: string) => pane.getByTestId('anamnesis-field').filter({ hasText: title });
  await generateNote(pane);

  const complaint = card('Queixa principal');
  await expect(complaint).toContainText(COMPLAINT);
  await expect(complaint.getByTestId('unverified-statement')).toHaveCount(0);
  await complaint.getByRole('button', { name: 'Fontes' }).click();
  await expect(complaint.getByRole('list', { name: 'Fontes de Queixa principal' })).toHaveText('Queixa principal');
  await page.evaluate(() => document.fonts.ready);
  await pane.screenshot({ path: screenshot('note-typed-complaint-source'), animations: 'disabled' });

  const history = card('Antecedentes pessoais');
  await expect(history).toContainText(`Gestante ${NOTES}`);
  await history.getByRole('button', { name: 'Fontes' }).click();
  await expect(history.getByRole('list', { name: 'Fontes de Antecedentes pessoais' })).toHaveText(
    'Observações do paciente',
  );

  await pane.getByText('Como esta nota foi feita').click();
  await expect(pane.getByTestId('anamnesis-provenance')).toContainText(
    'título da consulta, queixa principal, observações do paciente',
  );
  await pane.getByText('Como esta nota foi feita').click();
  await history.scrollIntoViewIfNeeded();
  await page.evaluate(() => document.fonts.ready);
  await pane.screenshot({ path: screenshot('note-typed-notes-source'), animations: 'disabled' });
});
