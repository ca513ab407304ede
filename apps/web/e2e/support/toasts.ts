import { expect, type Page } from '@playwright/test';

/**
 * Closes the page's toasts with their own "Fechar" buttons instead of waiting the 5 s they last, so they cover
 * nothing in a screenshot. Clicked in the page, not with the mouse: the pointer stays where the test left it.
 */
export async function dismissToasts(page: Page): Promise<void> {
  const toasts = page.getByTestId('toast');
  await toasts
    .getByRole('button', { name: 'Fechar' })
    .evaluateAll((buttons) => buttons.forEach((button) => (button as HTMLButtonElement).click()));
  await expect(toasts).toHaveCount(0);
}
