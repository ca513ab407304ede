import { expect, test } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { createVerifiedUser, logInThroughApi, readSessionToken } from './support/factories';
import { recordsFor } from './support/records';
import { shoot } from './support/screenshot';
import { dismissToasts } from './support/toasts';

test.beforeEach(async ({ page, request }) => {
  await logInThroughApi(page, await createVerifiedUser(request));
});

test('export a patient’s data; deletion is refused while the record is kept, and done for drafts only', async ({
  page,
  request,
}) => {
  const token = await readSessionToken(page);
  const records = recordsFor(request, token);
  const kept = await records.createPatient({ name: 'Rosa Amaral', birth_date: '1958-11-30', sex: 'female' });
  const visit = await records.createConsultation({ patient_id: kept.id, title: 'Revisão de pressão' });
  await records.setStatus(visit.id, 'done');
  const mistaken = await records.createPatient({ name: 'Paciente Duplicado' });
  await records.createConsultation({ patient_id: mistaken.id });

  await test.step('"Exportar dados (LGPD)" downloads the ZIP', async () => {
    await page.goto(`/patients/${kept.id}`);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Exportar dados (LGPD)' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^dados-rosa-amaral-\d{4}-\d{2}-\d{2}\.zip$/);
    const archive = await readFile(await download.path());
    expect(archive.subarray(0, 4).toString('latin1')).toBe('PK\u0003\u0004');
  });

  await test.step('"Excluir paciente" says at once why the record is kept and until when, before any name is typed', async () => {
    await page.getByRole('button', { name: 'Excluir paciente' }).click();
    const retained = page.getByRole('dialog', { name: 'O prontuário ainda precisa ser guardado' });
    const year = new Date().getFullYear() + 20;
    await expect(retained.getByTestId('patient-retained')).toContainText(
      new RegExp(`guardado por 20 anos .* a partir de \\d{2}/\\d{2}/${year}`),
    );
    // Nothing to type for a deletion the law refuses.
    await expect(retained.getByRole('textbox')).toHaveCount(0);
    await expect(retained.getByRole('button', { name: 'Excluir definitivamente' })).toHaveCount(0);
    await expect(retained.getByRole('link', { name: 'Exportar dados (LGPD)' })).toHaveAttribute(
      'href',
      `/api/v1/user/patients/${kept.id}/export`,
    );
    await shoot(page, 'patient-export-delete');
    await retained.getByRole('button', { name: 'Entendi' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Rosa Amaral' })).toBeVisible();
  });

  await test.step('a patient with drafts only is deleted and leaves the list', async () => {
    await page.goto(`/patients/${mistaken.id}`);
    await page.getByRole('button', { name: 'Excluir paciente' }).click();
    const dialog = page.getByRole('dialog', { name: 'Excluir Paciente Duplicado?' });
    await dialog.getByLabel('Para confirmar, digite o nome Paciente Duplicado').fill('Paciente Duplicado');
    await dialog.getByRole('button', { name: 'Excluir definitivamente' }).click();
    await expect(page.getByTestId('toast').filter({ hasText: 'Paciente excluído' })).toBeVisible();
    await expect(page).toHaveURL(/\/patients$/);
    await expect(page.getByTestId('patient-row')).toHaveCount(1);
    await expect(page.getByTestId('patient-row')).toContainText('Rosa Amaral');
  });
});

test('run a consultation without AI and write the note by hand', async ({ page, request }) => {
  const token = await readSessionToken(page);
  const records = recordsFor(request, token);
  const patient = await records.createPatient({ name: 'Joaquim Pereira', birth_date: '1949-04-12', sex: 'male' });
  const consultation = await records.createConsultation({ patient_id: patient.id, title: 'Retorno sem gravação' });
  const consent = await request.put(`/api/v1/user/consultations/${consultation.id}/recording-consent`, {
    headers: { authorization: `Bearer ${token}` },
    data: { ai_processing: true },
  });
  expect(consent.ok()).toBe(true);

  await test.step('the AI consent shows with the recording consent', async () => {
    await page.goto(`/${consultation.id}`);
    const recorder = page.getByRole('region', { name: 'Gravação' });
    await expect(recorder).toContainText('Consentimento do paciente confirmado por você');
    await expect(recorder.getByTestId('ai-consent')).toContainText(
      'Consentimento ao processamento por IA confirmado por você',
    );
  });

  await test.step('"Consulta sem IA" puts the hand-written note in place of the recorder', async () => {
    await page.getByRole('button', { name: 'Consulta sem IA' }).click();
    await page
      .getByRole('dialog', { name: 'Conduzir a consulta sem IA?' })
      .getByRole('button', { name: 'Consulta sem IA' })
      .click();
    const panel = page.getByRole('region', { name: 'Consulta sem IA' });
    await expect(panel).toContainText('Nenhum dado desta consulta é enviado a um modelo de IA');
    await expect(page.getByRole('region', { name: 'Gravação' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Usar IA nesta consulta' })).toBeVisible();
  });

  await test.step('write the note field by field and save it', async () => {
    const form = page.getByRole('form', { name: 'Anamnese escrita à mão' });
    const boxes = form.getByRole('textbox');
    await expect(boxes.first()).toBeVisible();
    await boxes.nth(0).fill('Retorno para controle da pressão arterial.');
    await boxes.nth(1).fill('Assintomático. Refere boa adesão à losartana 50 mg/dia.');
    await form.getByRole('button', { name: 'Salvar anamnese' }).click();
    await expect(page.getByTestId('toast').filter({ hasText: 'Anamnese salva' })).toBeVisible();
    const fields = page.getByTestId('anamnesis-fields');
    await expect(fields).toContainText('Retorno para controle da pressão arterial.');
    await expect(fields.getByRole('button', { name: 'Editar' }).first()).toBeVisible();
    await expect(fields.getByRole('button', { name: 'Gerar de novo' })).toHaveCount(0);
    await expect(fields.getByRole('button', { name: 'Reescrever' })).toHaveCount(0);
    await expect(page.getByTestId('document-kinds')).toContainText(
      'Consulta sem IA: o assistente não redige documentos',
    );
    await dismissToasts(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    await shoot(page, 'consultation-without-ai');
  });
});
