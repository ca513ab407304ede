import { expect, test, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { TDocumentList, TEvidence } from '@escriba/contract';
import { truncatedPdf } from '../../server/test/evidence-files';
import { speechWav } from '../../server/test/speech';
import { createVerifiedUser, logInThroughApi, logInThroughUi, readSessionToken } from './support/factories';
import { PROVIDER_FAILURE_INSTRUCTION } from './support/llm-answers';
import { ADMIN } from './support/ports';
import { recordsFor } from './support/records';

/** The page at a laptop's size, once fonts, icons and lists have settled. */
async function shoot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await page.screenshot({
    path: join(import.meta.dirname, 'screenshots', `${name}-1366x768.png`),
    animations: 'disabled',
  });
}

test("an administrator finds a professional's consultations and sees which job failed and why, without clinical content", async ({
  page,
  browser,
  request,
}) => {
  const name = `Rafael Consultas ${randomUUID().slice(0, 6)}`;
  const user = await createVerifiedUser(request, { name });
  const professional = await (await browser.newContext()).newPage();
  await logInThroughApi(professional, user);
  const token = await readSessionToken(professional);
  const records = recordsFor(request, token);
  const patient = await records.createPatient({ name: 'Helena Martins', birth_date: '1972-05-03', sex: 'female' });
  const failed = await records.createConsultation({
    patient_id: patient.id,
    title: 'Retorno com exames',
    chief_complaint: 'Traz hemograma pedido na última consulta',
  });
  const done = await records.createConsultation({ patient_id: patient.id, title: 'Primeira consulta' });
  await records.setStatus(done.id, 'done');

  // A PDF cut short: the reading job marks it unreadable with its reason.
  const headers = { authorization: `Bearer ${token}` };
  const base = `/api/v1/user/consultations/${failed.id}/evidences`;
  const upload = await request.post(`${base}/add-evidence`, {
    headers,
    multipart: { file: { name: 'hemograma.pdf', mimeType: 'application/pdf', buffer: await truncatedPdf() } },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  await expect
    .poll(async () => {
      const evidences = (await (await request.get(`${base}/`, { headers })).json()) as TEvidence[];
      return evidences.find((evidence) => evidence.kind === 'file')?.status;
    })
    .toBe('unreadable');
  // A recorded line: its transcript is an evidence of the consultation, but no file the professional attached.
  const transcript = `/api/v1/user/consultations/${failed.id}`;
  expect((await request.put(`${transcript}/recording-consent`, { headers })).ok()).toBe(true);
  const chunk = await request.post(`${base}/transcript`, {
    headers,
    params: { seq: 0 },
    multipart: { file: { name: '0.wav', mimeType: 'audio/wav', buffer: await speechWav('Bom dia, doutora.') } },
  });
  expect(chunk.ok(), await chunk.text()).toBe(true);
  expect((await request.delete(`${base}/transcript`, { headers })).ok()).toBe(true);
  await expect
    .poll(async () => {
      const evidences = (await (await request.get(`${base}/`, { headers })).json()) as TEvidence[];
      return evidences.some((evidence) => evidence.kind === 'transcript');
    })
    .toBe(true);
  // A receita whose generation the provider fails: refunded, with its reason.
  const documents = `/api/v1/user/consultations/${failed.id}/documents`;
  const asked = await request.post(`${documents}/receita`, {
    headers,
    data: { instructions: PROVIDER_FAILURE_INSTRUCTION },
  });
  expect(asked.status(), await asked.text()).toBe(202);
  await expect
    .poll(async () => ((await (await request.get(documents, { headers })).json()) as TDocumentList)[0]?.status)
    .toBe('failed');

  await logInThroughUi(page, { ...ADMIN, cpf: '', phone: '' });
  await page.getByRole('link', { name: 'Consultas', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Consultas');
  const rows = page.getByTestId('consultation-row');

  await test.step('the professional is chosen by name and kept in the address', async () => {
    await page.getByLabel('Profissional').fill(name.split(' ').slice(1).join(' '));
    await page.getByRole('list', { name: 'Profissionais encontrados' }).getByRole('button', { name }).click();
    await expect(page).toHaveURL(/[?&]user_id=/);
    await expect(page.getByTestId('chosen-user')).toHaveText(name);
    await expect(rows).toHaveCount(2);
    await page.reload();
    await expect(page.getByTestId('chosen-user')).toHaveText(name);
    await expect(rows).toHaveCount(2);
  });

  await test.step('a failure opens to say which job failed and why; no title, patient or complaint shown', async () => {
    const row = rows.filter({ hasText: failed.id.slice(0, 8) });
    // Each count says what it counts: "Trechos de áudio 17", not "Áudio 17".
    await expect(page.getByRole('columnheader', { name: 'Trechos de áudio' })).toBeVisible();
    await expect(row).toContainText('Em aberto');
    await expect(page.getByRole('columnheader', { name: 'Documentos' })).toBeVisible();
    await expect(row.getByText('1 com falha')).toHaveCount(2);
    // "Arquivos" counts the one PDF she attached, not the transcript.
    const columns = await page.getByRole('columnheader').allTextContents();
    const files = row.getByRole('cell').nth(columns.indexOf('Arquivos'));
    expect(await files.evaluate((cell) => cell.firstChild?.textContent)).toBe('1');
    await expect(rows.filter({ hasText: done.id.slice(0, 8) })).toContainText('Nenhuma');
    const toggle = row.getByRole('button', { name: '2 falhas' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const failures = page.getByTestId('consultation-failure');
    const reading = failures.filter({ hasText: 'Leitura de arquivo' });
    await expect(reading).toContainText('O PDF está corrompido ou incompleto');
    const document = failures.filter({ hasText: 'Geração de documento' });
    await expect(document).toContainText('O serviço de geração de texto está indisponível no momento.');
    for (const clinical of ['Retorno com exames', 'Helena Martins', 'hemograma', 'Primeira consulta', 'Receita']) {
      await expect(page.getByText(clinical)).toHaveCount(0);
    }
    await shoot(page, 'admin-consultations-failure');
  });

  await test.step('status and dates filter too, and clearing brings every professional back', async () => {
    await page.getByLabel('Status').selectOption({ label: 'Concluída' });
    await page.getByRole('button', { name: 'Filtrar' }).click();
    await expect(page).toHaveURL(/status=done/);
    await expect(rows).toHaveCount(1);
    await expect(rows).toContainText(done.id.slice(0, 8));
    await page.getByLabel('Criada a partir de').fill('2020-01-01');
    await page.getByLabel('Criada até').fill('2020-01-31');
    await page.getByRole('button', { name: 'Filtrar' }).click();
    await expect(page.getByText('Nenhuma consulta encontrada com esses filtros.')).toBeVisible();
    await page.getByLabel('Criada a partir de').fill('2020-02-01');
    await page.getByRole('button', { name: 'Filtrar' }).click();
    await expect(page.getByText('A data final deve ser igual ou posterior à inicial')).toBeVisible();
    await page.getByRole('button', { name: 'Limpar filtros' }).click();
    await expect(page).toHaveURL(/\/admin\/consultations$/);
    await expect(page.getByLabel('Profissional')).toHaveValue('');
    await expect(rows.first()).toBeVisible();
    await shoot(page, 'admin-consultations');
  });
});
