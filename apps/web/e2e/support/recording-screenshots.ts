import type { Page } from '@playwright/test';
import { join } from 'node:path';

const SIZES = [
  { width: 1366, height: 768 },
  { width: 768, height: 1024 },
];

/** The whole page with the recorder in view, at the laptop's and the tablet's size. */
export async function screenshots(page: Page, name: string): Promise<void> {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.getByRole('region', { name: 'Gravação' }).scrollIntoViewIfNeeded();
    await page.screenshot({
      path: join(import.meta.dirname, '..', 'screenshots', `${name}-${size.width}x${size.height}.png`),
      fullPage: true,
      animations: 'disabled',
    });
  }
  await page.setViewportSize(SIZES[0]!);
}
