import { expect, test } from '@playwright/test';
import { createVerifiedUser, logInThroughApi, logInThroughUi, readSessionToken } from './support/factories';
import { ADMIN } from './support/ports';
import { recordsFor } from './support/records';

test('an unknown route shows the 404 view, explained, with a way on', async ({ page }) => {
  await page.goto('/these/pages/do-not-exist');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await expect(page.getByTestId('error-message')).toHaveText('Page Not Found: /these/pages/do-not-exist');
  await page.getByRole('link', { name: 'Voltar para o início' }).click();
  await expect(page).toHaveURL(/\/log-in$/);
});

test('a page whose id fails validation shows the 404 view inside the menu, in the chosen theme', async ({
  page,
  request,
}) => {
  await logInThroughApi(page, await createVerifiedUser(request));
  const headers = { authorization: `Bearer ${await readSessionToken(page)}` };
  const dark = await request.patch('/api/v1/user/me/me/preferences/', { headers, data: { theme: 'dark' } });
  expect(dark.ok(), await dark.text()).toBe(true);
  await page.goto('/not-a-consultation-id');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await expect(page.getByTestId('error-message')).toHaveText('Page Not Found: /not-a-consultation-id');
  await expect(page.getByText('Esta página não existe ou não está disponível para você.')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Navegação principal' })).toBeVisible();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await page.getByRole('main').getByRole('link', { name: 'Voltar para o início' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Ana');
});

test('crawlers get no error view; the error is only logged', async ({ browser }) => {
  const context = await browser.newContext({ userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1)' });
  const page = await context.newPage();
  const logged = page.waitForEvent('console', (message) => message.text().includes('Page Not Found: /nowhere/at/all'));
  await page.goto('/nowhere/at/all');
  await logged;
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toHaveCount(0);
  await context.close();
});

test("another professional's consultation or patient, or an unknown id, shows the 404 view", async ({
  page,
  request,
}) => {
  // The first administrator is also a professional: their records play "another user's".
  await logInThroughUi(page, { ...ADMIN, cpf: '', phone: '' });
  const records = recordsFor(request, await readSessionToken(page));
  const consultation = await records.createConsultation({ patient: { name: 'Helena Martins' } });
  await page.context().clearCookies();

  await logInThroughApi(page, await createVerifiedUser(request));
  for (const path of [
    `/${consultation.id}`,
    `/patients/${consultation.patient.id}`,
    '/6f1c3a52-3c1e-4a55-9a49-0f7ad4f0b6a1',
    '/patients/not-an-id',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    await expect(page.getByTestId('error-message')).toHaveText(`Page Not Found: ${path}`);
  }
});
