import { expect, type Locator } from '@playwright/test';

/** "Gerar anamnese" with the "Anamnese completa" template in the note's pane, until its first version is shown. */
export async function generateNote(pane: Locator, timeout = 60_000): Promise<void> {
  await pane.getByLabel('Modelo de anamnese').selectOption({ label: 'Anamnese completa' });
  await pane.getByRole('button', { name: 'Gerar anamnese' }).click();
  await expect(pane.getByText('Versão 1', { exact: true })).toBeVisible({ timeout });
}
