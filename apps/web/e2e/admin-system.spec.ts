import type { TSystemStatus } from '@escriba/contract';
import { expect, test, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { logInThroughUi, readSessionToken } from './support/factories';
import { ADMIN } from './support/ports';

const SCREENSHOTS = join(import.meta.dirname, 'screenshots');
const STATE_WORDS = { ok: 'ok', degraded: 'lento', down: 'fora do ar', unconfigured: 'não configurado' };

async function readStatus(page: Page): Promise<TSystemStatus> {
  const response = await page.request.get('/api/v1/admin/system', {
    headers: { authorization: `Bearer ${await readSessionToken(page)}` },
  });
  expect(response.ok()).toBe(true);
  return (await response.json()) as TSystemStatus;
}

/** Opens the page and returns the status its own request got: latencies, so states, change from one read to the next. */
async function openSystem(page: Page): Promise<TSystemStatus> {
  await logInThroughUi(page, { ...ADMIN, cpf: '', phone: '' });
  const shown = page.waitForResponse((response) => response.url().endsWith('/api/v1/admin/system'));
  await page.getByRole('link', { name: 'Sistema' }).click();
  await expect(page).toHaveURL(/\/admin\/system$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sistema' })).toBeVisible();
  return (await (await shown).json()) as TSystemStatus;
}

test('an administrator sees the version, every service and provider in words, and the queues', async ({ page }) => {
  // A controlled clock, to see the automatic refresh without waiting 30 seconds.
  await page.clock.install();
  const status = await openSystem(page);
  await expect(page.getByText(status.version, { exact: true })).toBeVisible();
  await expect(page.getByText(`Node ${status.node_version}`)).toBeVisible();

  // Each card says its state in words, as the server reports it; the database answers here.
  for (const [section, items] of [
    ['Serviços', status.dependencies],
    ['Provedores de IA', status.providers],
  ] as const) {
    for (const item of items) {
      const card = page.getByRole('region', { name: section }).getByRole('listitem').filter({ hasText: item.name });
      await expect(card).toContainText(STATE_WORDS[item.state]);
      if (item.detail) await expect(card).toContainText(item.detail);
    }
  }
  expect(status.dependencies.find((item) => item.name === 'Banco de dados')?.state).toBe('ok');

  const queues = page.getByRole('table', { name: 'Filas de trabalho' });
  for (const label of [
    'Transcrição de trechos',
    'Fechamento de transcrição',
    'Leitura de arquivos',
    'Remoção de arquivos',
    'Geração de anamnese',
    'Geração de documentos',
  ]) {
    await expect(queues.getByRole('rowheader', { name: label })).toBeVisible();
  }

  // "Atualizar" reads the status again.
  const again = page.waitForResponse((response) => response.url().endsWith('/api/v1/admin/system'));
  await page.getByRole('button', { name: 'Atualizar' }).click();
  expect((await again).status()).toBe(200);
  // And so does the page by itself, every 30 seconds.
  const automatic = page.waitForResponse((response) => response.url().endsWith('/api/v1/admin/system'));
  await page.clock.fastForward('00:31');
  expect((await automatic).status()).toBe(200);
  await page.evaluate(() => document.fonts.ready);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await page.screenshot({ path: join(SCREENSHOTS, 'admin-system-1366x768.png'), animations: 'disabled' });
});

// A job fails for good only after ten retries over many minutes; the test writes one straight into
// pg-boss's table, which needs the server on PostgreSQL (DATABASE_URL): PGlite is the server's alone.
test('a failed job is listed and run again after confirming, with a toast saying how many', async ({ page }) => {
  const databaseUrl = process.env.DATABASE_URL;
  test.skip(!databaseUrl, 'Needs the e2e server on PostgreSQL (DATABASE_URL) to insert a failed job');
  execFileSync('psql', [
    databaseUrl ?? '',
    '-c',
    `insert into pgboss.job (name, data, state, output, completed_on)
     values ('remove-evidence-files', '{}', 'failed', '{"message":"Disco cheio"}', now())`,
  ]);
  await openSystem(page);
  const failed = (await readStatus(page)).queues.find((queue) => queue.name === 'remove-evidence-files')?.failed ?? 0;
  expect(failed).toBeGreaterThanOrEqual(1);

  const row = page.getByRole('table', { name: 'Filas de trabalho' }).getByRole('row', { name: /Remoção de arquivos/ });
  await expect(row.getByRole('cell').nth(2)).toHaveText(String(failed));
  const failures = page.getByRole('region', { name: 'Falhas recentes' });
  await expect(failures.getByRole('listitem').filter({ hasText: 'Remoção de arquivos' }).first()).toContainText(
    'Disco cheio',
  );
  await page.evaluate(() => document.fonts.ready);
  await page.getByRole('region', { name: 'Filas de trabalho' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(SCREENSHOTS, 'admin-system-failures-1366x768.png'), animations: 'disabled' });

  // Cancelling changes nothing; confirming sends the jobs back and says how many.
  await row.getByRole('button', { name: 'Tentar de novo: Remoção de arquivos' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancelar' }).click();
  await expect(row.getByRole('cell').nth(2)).toHaveText(String(failed));
  await row.getByRole('button', { name: 'Tentar de novo: Remoção de arquivos' }).click();
  const dialog = page.getByRole('dialog', { name: 'Tentar de novo Remoção de arquivos?' });
  await dialog.getByRole('button', { name: 'Tentar de novo' }).click();
  const expected = failed === 1 ? '1 trabalho voltou' : `${failed} trabalhos voltaram`;
  await expect(page.getByText(`${expected} para a fila Remoção de arquivos`)).toBeVisible();
  await expect(row.getByRole('cell').nth(2)).toHaveText('0');
  await expect(row.getByRole('button', { name: /Tentar de novo/ })).toHaveCount(0);
});
