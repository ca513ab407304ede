import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { TLicenseType, TSpecialization } from '@escriba/contract';
import {
  createVerifiedUser,
  logInThroughApi,
  logInThroughUi,
  readSessionToken,
  type TestUser,
} from './support/factories';
import { ADMIN } from './support/ports';
import { recordsFor } from './support/records';
import { dismissToasts } from './support/toasts';

const ADMIN_USER: TestUser = { ...ADMIN, cpf: '', phone: '' };

/** The page at a laptop's size, once fonts, icons and lists have settled. */
async function shoot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await page.screenshot({
    path: join(import.meta.dirname, 'screenshots', `${name}-1366x768.png`),
    animations: 'disabled',
  });
}

/** A professional logged in from their own browser, with a license, a specialty, a patient and a consultation. */
async function professionalAtWork(browser: Browser, request: APIRequestContext, name: string) {
  const user = await createVerifiedUser(request, { name });
  const context = await browser.newContext();
  const page = await context.newPage();
  await logInThroughApi(page, user);
  const token = await readSessionToken(page);
  const headers = { authorization: `Bearer ${token}` };
  const types = (await (await request.get('/api/v1/common/license-types')).json()) as TLicenseType[];
  const crm = types.find((type) => type.code === 'CRM')!;
  const license = await request.post('/api/v1/user/me/license/', {
    headers,
    data: { license_type_id: crm.id, number: '123456', state: 'SP' },
  });
  expect(license.ok(), await license.text()).toBe(true);
  const specialties = (await (await request.get('/api/v1/common/specializations')).json()) as TSpecialization[];
  const cardiology = specialties.find((item) => item.name === 'Cardiologia' && item.license_type_id === crm.id)!;
  const added = await request.post('/api/v1/user/me/specialization/', {
    headers,
    params: { specialization: cardiology.id },
  });
  expect(added.ok(), await added.text()).toBe(true);
  const records = recordsFor(request, token);
  const patient = await records.createPatient({ name: 'Helena Martins', birth_date: '1972-05-03', sex: 'female' });
  await records.createConsultation({ patient_id: patient.id, title: 'Primeira consulta', chief_complaint: 'Cefaleia' });
  return { user, token, context };
}

test('an administrator filters users, gives credits, ends sessions, suspends, reactivates and deletes a user', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const tag = randomUUID().slice(0, 6);
  const { user, token, context } = await professionalAtWork(browser, request, `Marina Filtro ${tag}`);
  await createVerifiedUser(request, { name: `Otávio Filtro ${tag}` });
  await logInThroughUi(page, ADMIN_USER);
  await expect(page).toHaveURL(/\/admin\/users$/);
  const rows = page.getByTestId('user-row');

  await test.step('filters are applied together and kept in the address', async () => {
    await page.getByLabel('Nome').fill(`filtro ${tag}`);
    await page.getByRole('button', { name: 'Filtrar' }).click();
    await expect(rows).toHaveCount(2);
    await expect(page).toHaveURL(new RegExp(`name=filtro\\+${tag}`));
    await page.getByLabel('E-mail').fill(user.email);
    await page.getByRole('button', { name: 'Filtrar' }).click();
    await expect(rows).toHaveCount(1);
    await page.reload();
    await expect(page.getByLabel('E-mail')).toHaveValue(user.email);
    await expect(rows).toHaveCount(1);
    await expect(rows).toContainText(user.name);
    await expect(rows).toContainText('Ativo');
    // Both dates as dd/mm/aaaa: the sign-up day, and the last access with its time.
    const dates = rows.getByRole('cell').filter({ hasText: /\d{2}\/\d{2}\/\d{4}/ });
    await expect(dates).toHaveText([/^\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}$/, /^\d{2}\/\d{2}\/\d{4}$/]);
    await page.getByLabel('E-mail').fill('');
    await page.getByLabel('Status').selectOption({ label: 'Suspenso' });
    await page.getByRole('button', { name: 'Filtrar' }).click();
    await expect(page.getByText('Nenhum usuário encontrado com esses filtros.')).toBeVisible();
    await page.getByLabel('Status').selectOption({ label: 'Todos' });
    await page.getByRole('button', { name: 'Filtrar' }).click();
    await expect(rows).toHaveCount(2);
    await shoot(page, 'admin-users-list');
  });

  const detail = page.getByRole('dialog', { name: user.name });
  await test.step("a row opens the user's record", async () => {
    await rows.filter({ hasText: user.name }).click();
    await expect(detail).toBeVisible();
    await expect(page).toHaveURL(/[?&]user=/);
    await expect(detail).toContainText(user.email);
    await expect(detail).toContainText('CRM 123456/SP');
    await expect(detail).toContainText('Cardiologia');
    await expect(detail.getByTestId('session-row')).toHaveCount(1);
    await expect(detail.getByTestId('session-row')).toContainText('Ativa');
    await expect(detail.getByTestId('audit-event').first()).toBeVisible();
    await shoot(page, 'admin-user-detail');
  });

  await test.step('"Dar créditos" adds to the balance and to the ledger with who granted it', async () => {
    const balance = detail.getByTestId('credit-balance');
    const before = Number((await balance.innerText()).replace(/\D/g, ''));
    await detail.getByRole('button', { name: 'Dar créditos' }).click();
    await expect(detail.getByText('Campo obrigatório').first()).toBeVisible();
    await detail.getByLabel('Quantidade').fill('25');
    await detail.getByLabel('Motivo').fill('Cortesia pelo atraso no suporte');
    await detail.getByRole('button', { name: 'Dar créditos' }).click();
    await expect(balance).toContainText(String(before + 25));
    const bonus = detail.getByTestId('credit-movement').filter({ hasText: 'Cortesia pelo atraso no suporte' });
    await expect(bonus).toContainText('+25');
    await expect(bonus).toContainText('Bônus');
    await expect(bonus).toContainText('Você');
    await expect(detail.getByTestId('audit-event').first()).toContainText('Bônus de créditos concedido');
    const toast = page.getByTestId('toast').filter({ hasText: 'Créditos concedidos' });
    await expect(toast).toBeVisible();
    // The toast starts below the drawer's header: its title and "Fechar" stay uncovered.
    const header = (await detail.getByRole('heading', { name: user.name }).boundingBox())!;
    const close = (await detail.getByRole('button', { name: 'Fechar' }).first().boundingBox())!;
    const toastBox = (await toast.boundingBox())!;
    expect(toastBox.y).toBeGreaterThanOrEqual(Math.max(close.y + close.height, header.y + header.height));
    await detail.getByRole('region', { name: 'Créditos' }).evaluate((card) => card.scrollIntoView({ block: 'start' }));
    await shoot(page, 'admin-user-credits');
  });

  await test.step('"Encerrar todas as sessões" asks, then ends the session the professional is using', async () => {
    await detail.getByRole('button', { name: 'Encerrar todas as sessões' }).click();
    const confirm = page.getByRole('dialog', { name: 'Encerrar todas as sessões?' });
    await expect(confirm).toContainText('A conta continua ativa');
    await confirm.getByRole('button', { name: 'Encerrar sessões' }).click();
    await expect(page.getByTestId('toast').filter({ hasText: '1 sessão foi encerrada.' })).toBeVisible();
    await expect(detail.getByTestId('session-row')).toContainText('Encerrada por um administrador');
    const me = await request.get('/api/v1/user/me/', { headers: { authorization: `Bearer ${token}` } });
    expect(me.status()).toBe(401);
  });

  await test.step('suspension asks first, explains what ends, and reactivation lets the user in again', async () => {
    await dismissToasts(page);
    await detail.getByRole('button', { name: 'Suspender' }).click();
    const confirm = page.getByRole('dialog', { name: 'Suspender usuário?' });
    await expect(confirm).toContainText('as conexões ao vivo são fechadas na hora');
    await shoot(page, 'admin-user-suspend');
    await confirm.getByRole('button', { name: 'Suspender' }).click();
    await expect(detail.getByRole('button', { name: 'Reativar' })).toBeVisible();
    await expect(detail.getByRole('region', { name: 'Dados da conta' })).toContainText('Suspenso');
    const logIn = () => request.post('/api/v1/token', { form: { username: user.email, password: user.password } });
    expect((await logIn()).ok()).toBe(false);

    // Only the right password learns that the account is suspended: a guess gets the usual answer.
    const ownBrowser = await browser.newContext();
    const logInPage = await ownBrowser.newPage();
    await logInPage.goto('/log-in');
    await logInPage.getByLabel('E-mail').fill(user.email);
    await logInPage.getByLabel('Senha', { exact: true }).fill('uma senha errada');
    await logInPage.getByRole('button', { name: 'Entrar' }).click();
    await expect(logInPage.getByRole('alert')).toHaveText('E-mail ou senha incorretos');
    await logInPage.getByLabel('Senha', { exact: true }).fill(user.password);
    await logInPage.getByRole('button', { name: 'Entrar' }).click();
    const refusal = logInPage.getByRole('alert');
    await expect(refusal.getByText('Conta suspensa', { exact: true })).toBeVisible();
    await expect(refusal).toContainText(
      'Esta conta está suspensa. Fale com o administrador do Escriba para reativá-la.',
    );
    await expect(refusal).not.toContainText('Reenviar');
    await expect(logInPage).toHaveURL(/\/log-in$/);
    await shoot(logInPage, 'log-in-suspended');
    await ownBrowser.close();

    await detail.getByRole('button', { name: 'Reativar' }).click();
    await page.getByRole('dialog', { name: 'Reativar usuário?' }).getByRole('button', { name: 'Reativar' }).click();
    await expect(detail.getByRole('button', { name: 'Suspender' })).toBeVisible();
    await expect(detail.getByRole('region', { name: 'Dados da conta' })).toContainText('Ativo');
    await expect(detail.getByTestId('audit-event').filter({ hasText: 'Status alterado' })).toHaveCount(2);
    expect((await logIn()).status()).toBe(200);
  });

  await test.step('deletion needs the e-mail typed and says what goes', async () => {
    // The earlier steps' toasts go first, for a clear picture of the dialog.
    await dismissToasts(page);
    await detail.getByRole('button', { name: 'Excluir usuário' }).click();
    const confirm = page.getByRole('dialog', { name: `Excluir ${user.name}?` });
    await expect(confirm.getByTestId('deletion-impact')).toHaveText(
      `A conta, o único paciente e a única consulta de ${user.name} serão apagados definitivamente. ` +
        'O registro de auditoria é mantido.',
    );
    const remove = confirm.getByRole('button', { name: 'Excluir definitivamente' });
    await expect(remove).toBeDisabled();
    await confirm.getByLabel(/Para confirmar, digite o e-mail/).fill('outra@example.com');
    await expect(remove).toBeDisabled();
    await confirm.getByLabel(/Para confirmar, digite o e-mail/).fill(user.email);
    await shoot(page, 'admin-user-delete');
    await remove.click();
    await expect(page.getByTestId('toast').filter({ hasText: `A conta de ${user.name} foi excluída.` })).toBeVisible();
    await expect(detail).toBeHidden();
    await expect(page).not.toHaveURL(/[?&]user=/);
    await expect(rows).toHaveCount(1);
    await expect(rows).not.toContainText(user.name);
  });
  await context.close();
});

test('the audit trail reads in Portuguese: a status change, a refused log-in, times on Brasília’s clock', async ({
  page,
  browser,
  request,
}) => {
  const tag = randomUUID().slice(0, 6);
  const { user, token, context } = await professionalAtWork(browser, request, `Lívia Auditoria ${tag}`);
  await context.close();
  const records = recordsFor(request, token);
  const patient = await records.createPatient({ name: 'Rosa Lima', birth_date: '1980-01-10', sex: 'female' });
  const visit = await records.createConsultation({ patient_id: patient.id, title: 'Retorno' });
  await records.setStatus(visit.id, 'done');
  const refused = await request.post('/api/v1/token', { form: { username: user.email, password: 'senha errada' } });
  expect(refused.status()).toBe(401);

  await logInThroughUi(page, ADMIN_USER);
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByRole('button', { name: 'Filtrar' }).click();
  await page.getByTestId('user-row').filter({ hasText: user.name }).click();
  const audit = page.getByRole('dialog', { name: user.name }).getByRole('region', { name: 'Auditoria' });
  const events = audit.getByTestId('audit-event');
  await expect(events.filter({ hasText: 'Status de consulta alterado' })).toContainText('Em aberto → Concluída');
  await expect(events.filter({ hasText: 'Tentativa de entrada sem sucesso' })).toContainText(
    `e-mail: ${user.email} · motivo: senha incorreta`,
  );
  // Every time as dd/mm/aaaa hh:mm, the same for every administrator whatever her browser's zone.
  await expect(events.first()).toContainText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
  for (const raw of ['para:', 'de:', 'draft', 'done', 'wrong_password', 'consultation_id']) {
    await expect(audit).not.toContainText(raw);
  }
  await dismissToasts(page);
  await audit.scrollIntoViewIfNeeded();
  await audit.screenshot({ path: join(import.meta.dirname, 'screenshots', 'admin-user-audit-1366x768.png') });
});

test("the server's refusals are shown: no administrator suspends or deletes their own account", async ({ page }) => {
  await logInThroughUi(page, ADMIN_USER);
  await page.getByLabel('E-mail').fill(ADMIN.email);
  await page.getByRole('button', { name: 'Filtrar' }).click();
  await page.getByRole('button', { name: ADMIN.name, exact: true }).click();
  const detail = page.getByRole('dialog', { name: ADMIN.name });
  await expect(detail).toContainText('Esta é a sua conta');

  await detail.getByRole('button', { name: 'Suspender' }).click();
  await page.getByRole('dialog', { name: 'Suspender usuário?' }).getByRole('button', { name: 'Suspender' }).click();
  await expect(detail.getByRole('alert')).toContainText('Não foi possível suspender.');
  await expect(detail.getByRole('alert')).toContainText('Você não pode suspender a sua própria conta.');
  await shoot(page, 'admin-user-self-conflict');

  await detail.getByRole('button', { name: 'Excluir usuário' }).click();
  const confirm = page.getByRole('dialog', { name: `Excluir ${ADMIN.name}?` });
  await confirm.getByLabel(/Para confirmar, digite o e-mail/).fill(ADMIN.email);
  await confirm.getByRole('button', { name: 'Excluir definitivamente' }).click();
  await expect(confirm.getByRole('alert')).toContainText('excluir a sua própria conta');
});
