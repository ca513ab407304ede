import { expect, test } from '@playwright/test';

// As after a deploy: the sign-up page's code file is gone from the server.
const SIGN_UP_CHUNK = /\/assets\/sign-up-page-[\w-]+\.js$/;
const gone = { status: 404, body: '' };

test('a page chunk that fails to load reloads the page once, and the reloaded page works', async ({ page }) => {
  await page.goto('/log-in');
  await page.route(SIGN_UP_CHUNK, (route) => route.fulfill(gone), { times: 1 });
  const reloaded = page.waitForEvent('load');
  await page.getByRole('link', { name: 'Criar conta' }).click();
  await reloaded;
  await expect(page).toHaveURL(/\/sign-up$/);
  await expect(page.getByRole('button', { name: 'Criar conta' })).toBeVisible();
});

test('when the reload fails too, the page says in Portuguese that a new version is available', async ({ page }) => {
  await page.goto('/log-in');
  await page.route(SIGN_UP_CHUNK, (route) => route.fulfill(gone));
  const reloaded = page.waitForEvent('load');
  await page.getByRole('link', { name: 'Criar conta' }).click();
  await reloaded;
  await expect(page).toHaveURL(/\/sign-up$/);
  // The reload guard (10 s, spec §9) stops a loop: the second failure explains instead of reloading again.
  await expect(page.getByRole('heading', { name: 'Nova versão disponível' })).toBeVisible();
  await expect(page.getByText('O Escriba foi atualizado enquanto esta aba estava aberta.')).toBeVisible();
  await expect(page.getByText('Internal Server Error')).toHaveCount(0);

  await page.unroute(SIGN_UP_CHUNK);
  await page.getByRole('button', { name: 'Recarregar página' }).click();
  await expect(page.getByRole('button', { name: 'Criar conta' })).toBeVisible();
});
