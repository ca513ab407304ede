import { expect, type Page } from '@playwright/test';
import { join } from 'node:path';

/** The page at its viewport's size into e2e/screenshots/, once fonts, icons and lists have settled. */
export async function shoot(page: Page, name: string): Promise<void> {
  const { width, height } = page.viewportSize() ?? { width: 0, height: 0 };
  await page.evaluate(() => document.fonts.ready);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await page.screenshot({
    path: join(import.meta.dirname, '..', 'screenshots', `${name}-${width}x${height}.png`),
    animations: 'disabled',
  });
}
