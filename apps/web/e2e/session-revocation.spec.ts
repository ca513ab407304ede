import { expect, test, type Page } from '@playwright/test';
import { createVerifiedUser, logInThroughUi, readSessionToken } from './support/factories';
import { readLinkCode } from './support/outbox';

const LIVE_PATH = /\/v1\/ws\/user\/[^/]+\/token\/[^/]+$/;

async function expectSessionExpired(page: Page) {
  const toast = page.getByTestId('toast').filter({ hasText: 'Sessão expirada' });
  await expect(toast).toBeVisible();
  await expect(toast).toContainText('Por favor, faça login novamente');
  await expect(page).toHaveURL(/\/log-in$/);
  const names = (await page.context().cookies()).map((cookie) => cookie.name);
  expect(names).not.toContain('session');
}

test('a 401 from the API clears the session and goes to /log-in', async ({ page, request }) => {
  // Keep the live channel quiet so that only the API can tell the page its session ended.
  await page.routeWebSocket(LIVE_PATH, () => undefined);
  await logInThroughUi(page, await createVerifiedUser(request));
  const token = await readSessionToken(page);
  expect((await request.post('/api/v1/token/logout', { headers: { authorization: `Bearer ${token}` } })).status()).toBe(
    204,
  );

  // The patients list is not in the page's cache yet (home's data may be): opening it asks the API.
  const list = page.waitForResponse((response) => response.url().includes('/api/v1/user/patients/'));
  await page.getByRole('link', { name: 'Pacientes' }).first().click();
  expect((await list).status()).toBe(401);
  await expect(page).toHaveURL(/\/log-in$/);
  expect((await page.context().cookies()).map((cookie) => cookie.name)).not.toContain('session');
});

test('a 401 live message ends the session with the "Sessão expirada" toast', async ({ page, request }) => {
  const socket = page.waitForEvent('websocket', (ws) => LIVE_PATH.test(ws.url()));
  await logInThroughUi(page, await createVerifiedUser(request));
  const live = await socket;
  const closed = live.waitForEvent('close');
  const token = await readSessionToken(page);
  await request.post('/api/v1/token/logout', { headers: { authorization: `Bearer ${token}` } });
  await expectSessionExpired(page);
  await closed;
});

test('logging out in another tab ends the live connection here', async ({ page, request }) => {
  const user = await createVerifiedUser(request);
  const socket = page.waitForEvent('websocket', (ws) => LIVE_PATH.test(ws.url()));
  await logInThroughUi(page, user);
  const closed = (await socket).waitForEvent('close');

  const otherTab = await page.context().newPage();
  await otherTab.goto('/user/profile');
  await otherTab.getByRole('main').getByRole('button', { name: 'Sair da conta' }).click();
  await expect(otherTab).toHaveURL(/\/log-in$/);

  await closed;
  await expectSessionExpired(page);
});

test('a password reset ends the open session', async ({ page, request, browser }) => {
  const user = await createVerifiedUser(request);
  const socket = page.waitForEvent('websocket', (ws) => LIVE_PATH.test(ws.url()));
  await logInThroughUi(page, user);
  await socket;

  const elsewhere = await browser.newContext();
  const guest = await elsewhere.newPage();
  await guest.goto('/forgot-password');
  await guest.getByLabel('E-mail').fill(user.email);
  await guest.getByLabel('CPF').pressSequentially(user.cpf);
  await guest.getByRole('button', { name: 'Enviar link' }).click();
  await expect(guest.getByRole('status')).toBeVisible();
  const code = await readLinkCode(user.email, '/reset-password');
  await guest.goto(`/reset-password?code=${code}`);
  await guest.getByLabel('Nova senha', { exact: true }).fill('uma-senha-nova-e-longa');
  await guest.getByLabel('Confirme a nova senha').fill('uma-senha-nova-e-longa');
  await guest.getByRole('button', { name: 'Salvar nova senha' }).click();
  await expect(guest.getByRole('heading', { name: 'Senha alterada' })).toBeVisible();
  await elsewhere.close();

  await expectSessionExpired(page);
});
