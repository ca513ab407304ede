import { expect, test } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { createTestUser, createVerifiedUser, logInThroughUi, type TestUser } from './support/factories';
import { readLinkCode } from './support/outbox';
import { ADMIN } from './support/ports';
import { shoot } from './support/screenshot';
import { dismissToasts } from './support/toasts';

const ADMIN_USER: TestUser = { ...ADMIN, cpf: '', phone: '' };

test('a professional whose CPF someone else registered contests it, and an administrator gives her the CPF', async ({
  page,
  request,
}) => {
  const tag = randomUUID().slice(0, 6);
  const holder = await createVerifiedUser(request, { name: `Carlos Impostor ${tag}` });
  const claimant = createTestUser({ name: `Beatriz Titular ${tag}`, cpf: holder.cpf });
  const logIn = (user: TestUser) =>
    request.post('/api/v1/token', { form: { username: user.email, password: user.password } });

  await test.step('her sign-up is answered as any other; her mail offers to contest', async () => {
    expect((await request.post('/api/v1/user/', { data: claimant })).status()).toBe(202);
    const code = await readLinkCode(claimant.email, '/account-verification', { param: 'cpf_claim' });
    await page.goto(`/account-verification?cpf_claim=${code}`);
    await expect(page.getByRole('heading', { name: 'Contestar o uso do seu CPF' })).toBeVisible();
    await page.getByLabel('Senha do cadastro').fill(claimant.password);
    await shoot(page, 'cpf-claim');
    await page.getByRole('button', { name: 'Enviar contestação' }).click();
    await expect(page.getByRole('heading', { name: 'Contestação enviada' })).toBeVisible();
    await shoot(page, 'cpf-claim-sent');
    expect((await logIn(claimant)).ok()).toBe(false);
  });

  await logInThroughUi(page, ADMIN_USER);
  const rows = page.getByTestId('user-row');
  await test.step('Usuários lists the holder as "CPF contestado"', async () => {
    await page.getByLabel('Nome').fill(tag);
    await page.getByLabel('Contestação de CPF').selectOption({ label: 'Em aberto' });
    await page.getByRole('button', { name: 'Filtrar' }).click();
    await expect(rows).toHaveCount(1);
    await expect(rows).toContainText(holder.name);
    await expect(rows).toContainText('CPF contestado');
    await shoot(page, 'admin-cpf-dispute-list');
  });

  const detail = page.getByRole('dialog', { name: holder.name });
  const dispute = detail.getByRole('region', { name: 'CPF contestado' });
  await test.step("the holder's record names who contests the CPF", async () => {
    await rows.first().click();
    await expect(dispute).toContainText(claimant.name);
    await expect(dispute).toContainText(claimant.email);
    await shoot(page, 'admin-cpf-dispute');
  });

  await test.step('transferring the CPF asks first, suspends the holder and creates her account', async () => {
    await dispute.getByRole('button', { name: `Transferir o CPF para ${claimant.name}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Transferir o CPF?' });
    await expect(confirm).toContainText('será suspensa e perderá o CPF');
    await shoot(page, 'admin-cpf-dispute-confirm');
    await confirm.getByRole('button', { name: 'Transferir CPF' }).click();
    await expect(page.getByTestId('toast').filter({ hasText: 'CPF transferido' })).toBeVisible();
    await expect(dispute).toHaveCount(0);
    await expect(detail.getByRole('region', { name: 'Dados da conta' })).toContainText('Suspenso');
    await expect(detail.getByTestId('audit-event').first()).toContainText('Contestação de CPF resolvida');
    await dismissToasts(page);
    expect((await logIn(claimant)).status()).toBe(200);
    expect((await logIn(holder)).ok()).toBe(false);
  });
});
