import { expect, test } from '@playwright/test';

test('a page chunk that fails to load reloads the page once, then shows the error view', async ({ page }) => {
  await page.goto('/log-in');
  // As after a deploy: the sign-up page's chunk is gone from the server.
  await page.route(/\/assets\/sign-up-page-[\w-]+\.js$/, (route) => route.fulfill({ status: 404, body: '' }));
  const reloaded = page.waitForEvent('load');
  await page.getByRole('link', { name: 'Criar conta' }).click();
  await reloaded;
  await expect(page).toHaveURL(/\/sign-up$/);
  // The reload guard (10 s) stops a loop: the second failure shows the error view.
  await expect(page.getByRole('heading', { name: 'Internal Server Error' })).toBeVisible();
});
