import { expect, test } from '@playwright/test';
import { createVerifiedUser, logInThroughUi } from './support/factories';
import { ADMIN } from './support/ports';

test('an unauthenticated visitor is sent to /log-in from every private route', async ({ page }) => {
  for (const path of ['/', '/user/profile', '/admin', '/admin/users', '/6f1c3a52-3c1e-4a55-9a49-0f7ad4f0b6a1']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/log-in(\?redirect=.*)?$/);
    await expect(page.getByRole('heading', { name: 'Entrar' })).toBeVisible();
  }
});

test('after logging in, the visitor lands where they were going', async ({ page, request }) => {
  const user = await createVerifiedUser(request);
  await page.goto('/user/profile');
  await expect(page).toHaveURL(/\/log-in\?redirect=%2Fuser%2Fprofile$/);
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByLabel('Senha', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/user\/profile$/);
});

test('an authenticated professional is sent to / from the public routes and kept out of admin', async ({
  page,
  request,
}) => {
  const user = await createVerifiedUser(request);
  await logInThroughUi(page, user);
  for (const path of ['/log-in', '/sign-up', '/forgot-password', '/reset-password', '/account-verification']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Ana');
  }
  await page.goto('/admin/users');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Administração' })).toHaveCount(0);
});

test('an administrator reaches the admin pages, marked as such', async ({ page }) => {
  await logInThroughUi(page, { ...ADMIN, cpf: '', phone: '' });
  // The first page after logging in is the admin area; the default layout links to it too.
  await expect(page).toHaveURL(/\/admin\/users$/);
  await page.getByRole('link', { name: 'Voltar ao app' }).click();
  await page.getByRole('link', { name: 'Administração' }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(page.getByText('Administração', { exact: true })).toBeVisible();
  for (const name of ['Consultas', 'Prompts', 'Personas', 'Modelos', 'Indicadores', 'Sistema']) {
    await page.getByRole('link', { name, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  }
});
