import { expect, test } from '@playwright/test';
import type { TAnamnesis, TAnamnesisEditBody, TConsultationHistory, TDocumentList } from '@escriba/contract';
import { consultationApi } from './support/consultation-api';
import { createVerifiedUser, logInThroughApi, readSessionToken } from './support/factories';
import { generateNote } from './support/generate-note';
import { headacheVisit } from './support/headache-visit';
import { SLIPS_CONTEXT } from './support/llm-answers';
import { recordsFor } from './support/records';
import { shoot } from './support/screenshot';
import { dismissToasts } from './support/toasts';

const OBSTETRICS = 24;

test('a review is one version; a reviewed visit is history; one status everywhere; leaving offers to conclude', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(180_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.setViewportSize({ width: 1366, height: 768 });
  const { token, records, consultation } = await headacheVisit(page, request, SLIPS_CONTEXT);
  const api = consultationApi(request, token, consultation.id);
  await api.record();
  await api.transcribed();
  // A document drafted before the page opens: the visit has a note and documents once the note is written.
  const documents = `/api/v1/user/consultations/${consultation.id}/documents`;
  const headers = { authorization: `Bearer ${token}` };
  expect((await request.post(`${documents}/orientacoes`, { headers, data: {} })).status()).toBe(202);
  await expect
    .poll(async () => (await api.get<TDocumentList>('/documents')).map((each) => each.status), { timeout: 60_000 })
    .toEqual(['ready']);

  await page.goto(`/${consultation.id}`);
  const pane = page.getByTestId('pane-anamnesis');
  await generateNote(pane);
  await expect(pane.getByTestId('unverified-statement')).toHaveCount(2);

  await test.step('she confirms one, undoes it, confirms all: one PUT, one version (Versão 2)', async () => {
    const saves: string[] = [];
    page.on('request', (sent) => {
      if (sent.method() === 'PUT' && sent.url().endsWith(`/consultations/${consultation.id}/anamnesis`)) {
        saves.push(sent.postData() ?? '');
      }
    });
    await pane.getByRole('button', { name: 'Copiar para o prontuário' }).click();
    const dialog = page.getByRole('dialog', { name: 'Revise antes de continuar' });
    const items = dialog.getByTestId('statement-to-review');
    await expect(items).toHaveCount(2);
    await items.first().getByRole('button', { name: 'Confirmar' }).click();
    await expect(items.first()).toHaveAttribute('data-confirmed', 'true');
    await expect(items.first()).toContainText('Confirmada por você');
    await expect(dialog.getByRole('button', { name: 'Copiar para o prontuário' })).toBeDisabled();
    await items.first().getByRole('button', { name: 'Desfazer' }).click();
    await expect(items.first()).toHaveAttribute('data-confirmed', 'false');
    await dialog.getByRole('button', { name: 'Confirmar todas' }).click();
    await expect(dialog.locator('[data-confirmed="true"]')).toHaveCount(2);
    expect(saves).toEqual([]);
    await shoot(page, 'note-review-all-confirmed');
    await dialog.getByRole('button', { name: 'Copiar para o prontuário' }).click();
    await expect(dialog).toBeHidden();
    await expect(pane.getByText('Versão 2', { exact: true })).toBeVisible();
    expect(saves).toHaveLength(1);
    expect((JSON.parse(saves[0]!) as TAnamnesisEditBody).confirmations).toHaveLength(2);
    const stored = await api.get<TAnamnesis>('/anamnesis');
    expect(stored.latest?.version).toBe(2);
    await expect(pane.getByTestId('unverified-statement')).toHaveCount(0);
    await dismissToasts(page);
  });

  await test.step('not concluded, the reviewed visit is already in the next visit’s history', async () => {
    const next = await records.createConsultation({ patient_id: consultation.patient.id, title: 'Retorno' });
    const response = await request.get(`/api/v1/user/consultations/${next.id}/history`, { headers });
    const history = (await response.json()) as TConsultationHistory;
    expect(history.consultations.map((each) => each.id)).toEqual([consultation.id]);
  });

  await test.step('the page says "Em aberto", as the list does; leaving offers to conclude, in one click', async () => {
    await expect(page.getByTestId('consultation-state')).toHaveText('Em aberto');
    await page.getByRole('link', { name: 'Consultas', exact: true }).first().click();
    const offer = page.getByTestId('toast').filter({ hasText: 'Consulta ainda em aberto' });
    await expect(offer).toContainText('A consulta de Helena Martins tem anamnese e documentos.');
    const row = page.getByTestId('consultation-row').filter({ hasText: 'Cefaleia há três semanas' });
    await expect(row).toContainText('Em aberto');
    await shoot(page, 'visit-conclude-offer');
    await offer.getByRole('button', { name: 'Concluir consulta' }).click();
    await expect(page.getByTestId('toast').filter({ hasText: 'Consulta concluída' })).toBeVisible();
    await expect(row).toContainText('Concluída');
    expect((await records.getConsultation(consultation.id)).status).toBe('done');
  });

  await test.step('a concluded visit left again offers nothing', async () => {
    await dismissToasts(page);
    await page.goto(`/${consultation.id}`);
    await expect(page.getByTestId('consultation-state')).toHaveText('Concluída');
    await page.getByRole('link', { name: 'Consultas', exact: true }).first().click();
    await expect(page.getByTestId('consultation-row').first()).toBeVisible();
    await expect(page.getByTestId('toast').filter({ hasText: 'Consulta ainda em aberto' })).toHaveCount(0);
  });
});

test('a GO professional’s note starts on "Pré-natal", the template of her specialization', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await logInThroughApi(page, await createVerifiedUser(request));
  const token = await readSessionToken(page);
  const added = await request.post('/api/v1/user/me/specialization/', {
    headers: { authorization: `Bearer ${token}` },
    params: { specialization: OBSTETRICS },
  });
  expect(added.ok(), await added.text()).toBe(true);
  const records = recordsFor(request, token);
  const patient = await records.createPatient({ name: 'Joana Prado', birth_date: '1994-02-11', sex: 'female' });
  const visit = await records.createConsultation({ patient_id: patient.id, title: 'Pré-natal, 28 semanas' });

  await page.goto(`/${visit.id}`);
  const picker = page.getByTestId('pane-anamnesis').getByLabel('Modelo de anamnese');
  await expect(picker.locator('option:checked')).toHaveText('Pré-natal');
  await shoot(page, 'visit-specialty-template');
});
