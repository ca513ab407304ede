import { expect, test, type Page } from '@playwright/test';
import { createTestUser, createVerifiedUser, type TestUser } from './support/factories';

const SIGN_UP_ANSWER = 'Enviamos um e-mail para confirmar o cadastro. Abra o link recebido para ativar a conta.';

async function fillSignUp(page: Page, user: TestUser) {
  await page.goto('/sign-up');
  await page.getByLabel('Nome completo').fill(user.name);
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByLabel('CPF').pressSequentially(user.cpf);
  await page.getByLabel('Celular').pressSequentially(user.phone);
  await page.getByLabel('Senha', { exact: true }).fill(user.password);
  await page.getByLabel('Confirme a senha').fill(user.password);
  await page.getByRole('button', { name: 'Criar conta' }).click();
}

test('an e-mail that already has an account gets the same answer as a new one', async ({ page, request }) => {
  const existing = await createVerifiedUser(request);
  for (const user of [createTestUser(), createTestUser({ email: existing.email })]) {
    await fillSignUp(page, user);
    await expect(page.getByRole('heading', { name: 'Confirme seu e-mail' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: SIGN_UP_ANSWER })).toContainText(user.email);
  }
});

test('the server’s field errors show beside their fields', async ({ page }) => {
  await fillSignUp(page, createTestUser({ password: 'password123' }));
  await expect(page.getByLabel('Senha', { exact: true })).toHaveAccessibleDescription(
    /Senha muito comum: escolha outra, mais difícil de adivinhar/,
  );
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
