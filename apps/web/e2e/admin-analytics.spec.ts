import type { TAnalytics, TTokenResponse } from '@escriba/contract';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { join } from 'node:path';
import { createVerifiedUser, logInThroughUi, readSessionToken } from './support/factories';
import { ADMIN } from './support/ports';
import { recordsFor } from './support/records';

const SCREENSHOTS = join(import.meta.dirname, 'screenshots');

// Days are counted on Brasília time, as the server counts them.
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
const asBrazilianDay = (day: string) => day.split('-').reverse().join('/');

/** A professional signed up today with three consultations, seen through the API of their own log-in. */
async function seedTodaysActivity(page: Page) {
  const professional = await createVerifiedUser(page.request);
  const logIn = await page.request.post('/api/v1/token', {
    form: { username: professional.email, password: professional.password },
  });
  expect(logIn.ok(), await logIn.text()).toBe(true);
  const { access_token: token } = (await logIn.json()) as TTokenResponse;
  const records = recordsFor(page.request, token);
  const patient = await records.createPatient({ name: 'Marina Souza', birth_date: '1988-07-12', sex: 'female' });
  for (const title of ['Primeira consulta', 'Retorno', 'Exames']) {
    await records.createConsultation({ patient_id: patient.id, title, chief_complaint: 'Cansaço' });
  }
}

/**
 * The number a table cell shows, between the API's counts read before the page asked for it and after: other
 * professionals' tests add consultations meanwhile, so the exact count is whatever the page's request saw.
 */
async function expectCountBetween(cell: Locator, lowest: number, readHighest: () => Promise<number>): Promise<void> {
  await expect(cell).toHaveText(/^\d+$/);
  const shown = Number(await cell.innerText());
  expect(shown).toBeGreaterThanOrEqual(lowest);
  expect(shown).toBeLessThanOrEqual(await readHighest());
}

async function todaysConsultations(page: Page, interval: 'day' | 'week', from: string): Promise<number> {
  const token = await readSessionToken(page);
  const response = await page.request.get(`/api/v1/admin/analytics?from=${from}&to=${today}&interval=${interval}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.ok()).toBe(true);
  const points = ((await response.json()) as TAnalytics).points;
  return points[points.length - 1]?.consultations ?? -1;
}

test('an administrator reads the analytics by range and interval, each chart also as a table', async ({ page }) => {
  await seedTodaysActivity(page);
  await logInThroughUi(page, { ...ADMIN, cpf: '', phone: '' });
  // Counted before the page asks: at least this test's three.
  const sevenDaysAgo = new Date(Date.parse(`${today}T12:00:00Z`) - 6 * 86_400_000).toISOString().slice(0, 10);
  const dayBefore = await todaysConsultations(page, 'day', sevenDaysAgo);
  const weekBefore = await todaysConsultations(page, 'week', sevenDaysAgo);
  expect(dayBefore).toBeGreaterThanOrEqual(3);
  await page.getByRole('link', { name: 'Indicadores' }).click();
  await expect(page).toHaveURL(/\/admin\/analytics$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Indicadores' })).toBeVisible();

  // The default range: the last 30 days by day, one chart per metric, in Portuguese.
  const periods = page.getByRole('group', { name: 'Período' });
  await expect(periods.getByRole('button', { name: '30 dias' })).toHaveAttribute('aria-pressed', 'true');
  for (const label of ['Cadastros', 'Usuários ativos', 'Consultas', 'Minutos transcritos', 'Falhas de provedores']) {
    await expect(page.getByRole('heading', { level: 2, name: label, exact: true })).toBeVisible();
  }
  const consultations = page.getByRole('region', { name: 'Consultas', exact: true });
  await expect(consultations.getByRole('img', { name: /^Consultas por dia, de / })).toBeVisible();
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: join(SCREENSHOTS, 'admin-analytics-1366x768.png'), animations: 'disabled' });

  await periods.getByRole('button', { name: 'Últimos 7 dias' }).click();
  await expect(page).toHaveURL(/range=7d/);
  await expect(page.getByText(`a ${asBrazilianDay(today)}, em dias de Brasília`)).toBeVisible();

  // The table of the Consultas chart: today's row holds the count the API gives.
  await consultations.getByRole('button', { name: 'Ver como tabela' }).click();
  const table = consultations.getByRole('table', { name: /^Consultas por dia, de .* a / });
  await expect(table).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(1 + 7);
  const todayRow = table.getByRole('row', { name: asBrazilianDay(today) });
  await expectCountBetween(todayRow.getByRole('cell'), dayBefore, () => todaysConsultations(page, 'day', sevenDaysAgo));
  await expect(consultations.getByText(/^Total:/)).toContainText(/\d/);
  await consultations.scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(SCREENSHOTS, 'admin-analytics-table-1366x768.png'), animations: 'disabled' });

  // By week, kept in the address: the table reads weeks, the last one holding this week's count.
  await page.getByRole('group', { name: 'Agrupar' }).getByRole('button', { name: 'Por semana' }).click();
  await expect(page).toHaveURL(/interval=week/);
  await expect(consultations.getByRole('table', { name: /^Consultas por semana/ })).toBeVisible();
  const weeks = consultations.getByRole('row', { name: /^Semana de / });
  await expectCountBetween(weeks.last().getByRole('cell'), weekBefore, () =>
    todaysConsultations(page, 'week', sevenDaysAgo),
  );
  await page.reload();
  await expect(
    page.getByRole('group', { name: 'Agrupar' }).getByRole('button', { name: 'Por semana' }),
  ).toHaveAttribute('aria-pressed', 'true');
  await expect(
    page.getByRole('group', { name: 'Período' }).getByRole('button', { name: 'Últimos 7 dias' }),
  ).toHaveAttribute('aria-pressed', 'true');

  await page.getByRole('group', { name: 'Período' }).getByRole('button', { name: '12 meses' }).click();
  await expect(page).toHaveURL(/range=12m/);
  await expect(page.getByRole('heading', { level: 2, name: 'Gerações de anamnese' })).toBeVisible();
});

test('a custom range the server refuses is explained; a quiet one shows the empty state', async ({ page }) => {
  await logInThroughUi(page, { ...ADMIN, cpf: '', phone: '' });
  await page.goto('/admin/analytics');
  const custom = page.getByRole('form', { name: 'Período personalizado' });
  await custom.getByLabel('De').fill('2026-03-10');
  await custom.getByLabel('Até').fill('2026-03-01');
  await custom.getByRole('button', { name: 'Aplicar' }).click();
  await expect(page).toHaveURL(/range=custom&from=2026-03-10&to=2026-03-01/);
  await expect(page.getByRole('alert')).toHaveText('Período inválido: A data final vem antes da inicial');
  await page.screenshot({ path: join(SCREENSHOTS, 'admin-analytics-invalid-1366x768.png'), animations: 'disabled' });

  // Long before the product existed: nothing to chart.
  await custom.getByLabel('De').fill('2001-01-01');
  await custom.getByLabel('Até').fill('2001-01-31');
  await custom.getByRole('button', { name: 'Aplicar' }).click();
  await expect(page.getByRole('heading', { name: 'Nada registrado neste período' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
});
