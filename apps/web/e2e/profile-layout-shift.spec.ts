import { expect, test, type Page } from '@playwright/test';
import { createVerifiedUser, logInThroughApi } from './support/factories';

// The profile's requests finish one after another on a real network; here they are spread out on purpose.
const DELAYS_MS: [RegExp, number][] = [
  [/\/api\/v1\/common\/license-types$/, 150],
  [/\/api\/v1\/user\/me\/license\/$/, 250],
  [/\/api\/v1\/user\/me\/certificate$/, 300],
  [/\/api\/v1\/user\/me\/specialization\/$/, 350],
  [/\/api\/v1\/user\/me\/me\/preferences\/$/, 450],
];

async function delayProfileRequests(page: Page): Promise<void> {
  for (const [url, delay] of DELAYS_MS) {
    await page.route(url, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, delay));
      await route.continue();
    });
  }
}

/** Cumulative layout shift since navigation, leaving out shifts that follow the user's own input. */
function measureLayoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
            if (!entry.hadRecentInput) total += entry.value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
        // Two frames let a shift from the last render reach the observer.
        requestAnimationFrame(() => requestAnimationFrame(() => resolve(total)));
      }),
  );
}

test('the profile page does not jump while its cards load', async ({ page, request }) => {
  await logInThroughApi(page, await createVerifiedUser(request));
  await delayProfileRequests(page);
  for (let load = 1; load <= 3; load += 1) {
    await page.goto('/user/profile');
    await expect(page.getByRole('heading', { name: 'Preferências', exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Sessão' })).toBeVisible();
    const shift = await measureLayoutShift(page);
    expect(shift, `layout shift on load ${load}`).toBeLessThan(0.1);
  }
});
