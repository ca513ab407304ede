import { expect, test } from '@playwright/test';
import { createTestUser, createVerifiedUser, logInThroughUi } from './support/factories';
import { readLinkCode } from './support/outbox';
import { shoot } from './support/screenshot';

test('a wrong verification code says so', async ({ page }) => {
  await page.goto('/account-verification?code=nao-existe');
  await expect(page.getByRole('alert')).toHaveText('Link inválido ou incompleto');
});

test('a second click on the verification link says the account is already verified', async ({ page, request }) => {
  const user = await createVerifiedUser(request);
  await page.goto(`/account-verification?code=${await readLinkCode(user.email, '/account-verification')}`);
  await expect(page.getByRole('heading', { name: 'Conta já verificada' })).toBeVisible();
  await page.getByRole('link', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/log-in$/);
});

test('the owner of an e-mail someone else signed up with activates it only with a password of her own', async ({
  page,
  request,
}) => {
  const user = createTestUser();
  const attackerPassword = 'senha-de-outra-pessoa';
  expect((await request.post('/api/v1/user/', { data: { ...user, password: attackerPassword } })).status()).toBe(202);
  await page.goto(`/account-verification?code=${await readLinkCode(user.email, '/account-verification')}`);
  await expect(page.getByRole('heading', { name: 'Ative sua conta' })).toBeVisible();

  await page.getByLabel('Senha do cadastro').fill(user.password);
  await page.getByRole('button', { name: 'Ativar conta' }).click();
  await expect(page.getByLabel('Senha do cadastro')).toHaveAccessibleDescription(
    /Esta não é a senha escolhida no cadastro/,
  );
  await shoot(page, 'account-verification');

  await page.getByRole('button', { name: 'Escolha uma nova senha' }).click();
  await expect(page.getByRole('heading', { name: 'Escolha uma nova senha' })).toBeVisible();
  await page.getByLabel('Nova senha', { exact: true }).fill(user.password);
  await page.getByLabel('Confirme a nova senha').fill(user.password);
  await shoot(page, 'account-verification-new-password');
  await page.getByRole('button', { name: 'Ativar conta' }).click();
  await expect(page.getByRole('heading', { name: 'Conta verificada' })).toBeVisible();

  const logIn = (password: string) => request.post('/api/v1/token', { form: { username: user.email, password } });
  expect((await logIn(attackerPassword)).status()).toBe(401);
  await logInThroughUi(page, user);
});

test('a used reset link says so and offers a new one; a reset refuses the current password', async ({
  page,
  request,
}) => {
  const user = await createVerifiedUser(request);
  const askForCode = async () => {
    const asked = await request.post('/api/v1/user/forgot-password', { params: { email: user.email, cpf: user.cpf } });
    expect(asked.status()).toBe(202);
    return readLinkCode(user.email, '/reset-password');
  };

  const code = await askForCode();
  await page.goto(`/reset-password?code=${code}`);
  await page.getByLabel('Nova senha', { exact: true }).fill(user.password);
  await page.getByLabel('Confirme a nova senha').fill(user.password);
  await page.getByRole('button', { name: 'Salvar nova senha' }).click();
  await expect(page.getByLabel('Nova senha', { exact: true })).toHaveAccessibleDescription(
    'A nova senha deve ser diferente da senha atual',
  );
  await page.getByLabel('Nova senha', { exact: true }).fill('outra-senha-bem-nova');
  await page.getByLabel('Confirme a nova senha').fill('outra-senha-bem-nova');
  await page.getByRole('button', { name: 'Salvar nova senha' }).click();
  await expect(page.getByRole('heading', { name: 'Senha alterada' })).toBeVisible();

  await page.goto(`/reset-password?code=${code}`);
  await expect(page.getByRole('alert')).toHaveText('Este link já foi usado. Peça um novo link.');
  await expect(page.getByLabel('Nova senha', { exact: true })).toHaveCount(0);
  await page.getByRole('link', { name: 'Peça um novo link' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
});
