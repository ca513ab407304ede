import { expect, test } from '@playwright/test';
import type { TAnamnesis } from '@escriba/contract';
import { consultationApi } from './support/consultation-api';
import { generateNote } from './support/generate-note';
import { PROVIDER_FAILURE_INSTRUCTION } from './support/llm-answers';
import { signedInProfessional } from './support/records';

test('anamnesis: a save over a newer version keeps the text; a provider failure keeps the note and returns the credit', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const { token, records } = await signedInProfessional(page, request);
  const patient = await records.createPatient({ name: 'Antônio Ferreira', birth_date: '1966-09-21', sex: 'male' });
  const consultation = await records.createConsultation({ patient_id: patient.id, title: 'Retorno' });
  await records.saveUserContext(consultation.id, 'Pressão controlada; manter losartana e retornar em 3 meses.');
  const api = consultationApi(request, token, consultation.id);
  await page.goto(`/${consultation.id}`);
  const pane = page.getByTestId('pane-anamnesis');
  const plan = pane.getByTestId('anamnesis-field').filter({ has: page.getByRole('heading', { name: 'Conduta' }) });
  await generateNote(pane, 30_000);

  await test.step('another tab saves first: the text typed here stays, then carries over as a copy', async () => {
    await plan.getByRole('button', { name: 'Editar' }).click();
    await plan.getByLabel('Texto de Conduta').fill('Manter losartana 50 mg; retorno em 3 meses com MAPA.');
    await api.put('/anamnesis', {
      base_version: 1,
      fields: [{ field_id: 'conduta', text: 'Retorno em 3 meses.' }],
    });
    await plan.getByRole('button', { name: 'Salvar' }).click();
    await expect(pane.getByText('A nota foi alterada em outra aba')).toBeVisible();
    await expect(plan.getByLabel('Texto de Conduta')).toHaveValue(
      'Manter losartana 50 mg; retorno em 3 meses com MAPA.',
    );

    await pane.getByRole('button', { name: 'Carregar a versão mais nova e manter meu texto' }).click();
    await expect(plan.getByTestId('anamnesis-field-text')).toHaveText('Retorno em 3 meses.');
    await expect(plan.getByTestId('unsaved-copy')).toContainText(
      'Manter losartana 50 mg; retorno em 3 meses com MAPA.',
    );
    await expect(pane.getByText('Versão 2', { exact: true })).toBeVisible();

    await plan.getByRole('button', { name: 'Usar meu texto' }).click();
    await plan.getByRole('button', { name: 'Salvar' }).click();
    await expect(plan.getByTestId('anamnesis-field-text')).toHaveText(
      'Manter losartana 50 mg; retorno em 3 meses com MAPA.',
    );
    await expect(pane.getByText('Versão 3', { exact: true })).toBeVisible();
    const stored = await api.get<TAnamnesis>('/anamnesis');
    expect(stored.latest!.fields.find((field) => field.field_id === 'conduta')!.text).toBe(
      'Manter losartana 50 mg; retorno em 3 meses com MAPA.',
    );
  });

  await test.step('the provider fails mid-rewrite: the note stands, the page says the credit came back', async () => {
    await plan.getByRole('button', { name: 'Reescrever' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reescrever "Conduta"' });
    await dialog.getByLabel('Instrução').fill(PROVIDER_FAILURE_INSTRUCTION);
    await dialog.getByRole('button', { name: 'Reescrever · 1 crédito' }).click();
    const alert = pane.getByRole('alert').filter({ hasText: 'A anamnese não foi gerada' });
    await expect(alert).toBeVisible({ timeout: 30_000 });
    await expect(alert).toContainText('foi devolvido');
    await expect(alert.getByRole('button', { name: 'Tentar de novo' })).toBeEnabled();
    await expect(plan.getByTestId('anamnesis-field-text')).toHaveText(
      'Manter losartana 50 mg; retorno em 3 meses com MAPA.',
    );
    await expect(pane.getByText('Versão 3', { exact: true })).toBeVisible();
    // 10, less the note, with the failed rewrite's credit back.
    await expect(page.getByTestId('credits')).toContainText('9 créditos');
  });
});
