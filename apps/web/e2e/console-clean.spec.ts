import { expect, test, type Page } from '@playwright/test';
import { createTestUser, createVerifiedUser, logInThroughUi } from './support/factories';
import { readLinkCode } from './support/outbox';

/**
 * What the browser reports while a professional goes through a flow: console errors and requests that failed
 * or were answered 4xx/5xx. A flow that works leaves none (issue 31 §3: a 422 on the verification page, 401s after
 * log-out), so the console keeps meaning something when one does show up.
 */
function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('requestfailed', (request) => {
    // A load the browser dropped because the page moved on (the favicon during a navigation) failed nothing.
    if (request.failure()?.errorText === 'net::ERR_ABORTED') return;
    problems.push(`failed: ${request.method()} ${new URL(request.url()).pathname} (${request.failure()?.errorText})`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) {
      problems.push(`${response.status()}: ${response.request().method()} ${new URL(response.url()).pathname}`);
    }
  });
  return problems;
}

test('opening the verification link and activating the account leaves the console clean', async ({ page, request }) => {
  const user = createTestUser();
  expect([201, 202]).toContain((await request.post('/api/v1/user/', { data: user })).status());
  const code = await readLinkCode(user.email, '/account-verification');
  const problems = watchProblems(page);

  await page.goto(`/account-verification?code=${code}`);
  await expect(page.getByRole('heading', { name: 'Ative sua conta' })).toBeVisible();
  await page.getByLabel('Senha do cadastro').fill(user.password);
  await page.getByRole('button', { name: 'Ativar conta' }).click();
  await expect(page.getByRole('heading', { name: 'Conta verificada' })).toBeVisible();
  expect(problems).toEqual([]);
});

test('logging out, from home and from the profile, leaves the console clean', async ({ page, request }) => {
  const user = await createVerifiedUser(request);
  const problems = watchProblems(page);
  await logInThroughUi(page, user);
  await page.goto('/user/profile');
  await expect(page.getByRole('heading', { name: 'Preferências', exact: true })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await page.getByRole('main').getByRole('button', { name: 'Sair da conta' }).click();
  await expect(page).toHaveURL(/\/log-in$/);
  await page.waitForLoadState('networkidle');

  await logInThroughUi(page, user);
  await page.getByRole('button', { name: 'Sair da conta' }).first().click();
  await expect(page).toHaveURL(/\/log-in$/);
  await page.waitForLoadState('networkidle');
  expect(problems).toEqual([]);
});
