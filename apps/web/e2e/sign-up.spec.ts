import { expect, test } from '@playwright/test';
import { createTestUser, createVerifiedUser } from './support/factories';

test('the server’s field errors show beside their fields', async ({ page, request }) => {
  const existing = await createVerifiedUser(request);
  const user = createTestUser({ email: existing.email });
  await page.goto('/sign-up');
  await page.getByLabel('Nome completo').fill(user.name);
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByLabel('CPF').pressSequentially(user.cpf);
  await page.getByLabel('Celular').pressSequentially(user.phone);
  await page.getByLabel('Senha', { exact: true }).fill(user.password);
  await page.getByLabel('Confirme a senha').fill(user.password);
  await page.getByRole('button', { name: 'Criar conta' }).click();
  await expect(page.getByLabel('E-mail')).toHaveAccessibleDescription('E-mail já cadastrado');
});

test('the browser checks the form before sending it', async ({ page }) => {
  await page.goto('/sign-up');
  await page.getByLabel('CPF').pressSequentially('11111111111');
  await page.getByLabel('Senha', { exact: true }).fill('curta');
  await page.getByLabel('Confirme a senha').fill('outra');
  await page.getByRole('button', { name: 'Criar conta' }).click();
  await expect(page.getByLabel('CPF')).toHaveAccessibleDescription('CPF inválido');
  await expect(page.getByLabel('Confirme a senha')).toHaveAccessibleDescription('As senhas não coincidem');
  await expect(page.getByLabel('Senha', { exact: true })).toHaveAccessibleDescription(/ao menos 8 caracteres/);
});

test('a used or wrong verification code says so', async ({ page }) => {
  await page.goto('/account-verification?code=nao-existe');
  await expect(page.getByRole('alert')).toHaveText('Código inválido, expirado ou já utilizado');
});
