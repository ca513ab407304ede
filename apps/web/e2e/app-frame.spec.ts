import { expect, test, type Page } from '@playwright/test';
import { createVerifiedUser, logInThroughUi, readSessionToken } from './support/factories';
import { ADMIN } from './support/ports';
import { recordsFor } from './support/records';
import { shoot } from './support/screenshot';

const sidebar = (page: Page) => page.getByRole('complementary');

test('log-out is one click away in the sidebar, on any page', async ({ page, request }) => {
  await logInThroughUi(page, await createVerifiedUser(request));
  await page.goto('/patients');
  await sidebar(page).getByRole('button', { name: 'Sair da conta' }).click();
  await expect(page).toHaveURL(/\/log-in$/);
  expect((await page.context().cookies()).find((cookie) => cookie.name === 'session')).toBeUndefined();
  await page.goto('/patients');
  await expect(page).toHaveURL(/\/log-in\?redirect=%2Fpatients$/);
});

test('an administrator lands on the admin area after logging in; "Voltar ao app" still reaches home', async ({
  page,
}) => {
  await page.goto('/log-in');
  await page.getByLabel('E-mail').fill(ADMIN.email);
  await page.getByLabel('Senha', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await page.getByRole('link', { name: 'Voltar ao app' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Administrador');
});

test('the greeting skips titles, and the profile tip leaves once the profile is complete', async ({
  page,
  request,
}) => {
  const user = await createVerifiedUser(request, { name: 'Dra. Beatriz Lima' });
  await page.goto('/log-in');
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByLabel('Senha', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^(Bom dia|Boa tarde|Boa noite), Beatriz!$/);
  const tip = page.getByText('Dica: complete seu');
  await expect(tip).toBeVisible();

  const headers = { authorization: `Bearer ${await readSessionToken(page)}` };
  const [licenseType] = (await (await request.get('/api/v1/common/license-types', { headers })).json()) as {
    id: number;
  }[];
  const [specialization] = (await (await request.get('/api/v1/common/specializations', { headers })).json()) as {
    id: number;
  }[];
  const license = await request.post('/api/v1/user/me/license/', {
    headers,
    data: { license_type_id: licenseType?.id, number: '123456', state: 'SP' },
  });
  expect(license.ok(), await license.text()).toBe(true);
  const added = await request.post(`/api/v1/user/me/specialization/?specialization=${specialization?.id}`, {
    headers,
  });
  expect(added.ok(), await added.text()).toBe(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Nenhuma consulta ainda' })).toBeVisible();
  await expect(tip).toHaveCount(0);
});

test('a page number past the end shows the last page, and no page at all shows the empty state', async ({
  page,
  request,
}) => {
  await logInThroughUi(page, await createVerifiedUser(request));
  await page.goto('/?page=99');
  await expect(page.getByRole('heading', { name: 'Nenhuma consulta ainda' })).toBeVisible();

  const records = recordsFor(request, await readSessionToken(page));
  const patient = await records.createPatient({ name: 'Helena Martins' });
  for (let index = 0; index < 22; index++) await records.createConsultation({ patient_id: patient.id });
  await page.goto('/?page=99');
  await expect(page).toHaveURL(/\/\?page=2$/);
  await expect(page.getByTestId('consultation-row')).toHaveCount(2);
  await expect(page.getByText('21–22 de 22 consultas')).toBeVisible();
});

test('keyboard: a skip link, a visible focus ring on teal buttons, Escape gives focus back to the opener', async ({
  page,
  request,
}) => {
  await logInThroughUi(page, await createVerifiedUser(request));

  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Pular para o conteúdo' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();

  // From the page's start: the profile tip's link, then "Nova consulta".
  const newButton = page.getByRole('button', { name: 'Nova consulta' });
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(newButton).toBeFocused();
  // The button's colour transition also eases the ring in: read it once the transition is over.
  await newButton.evaluate((element) => Promise.all(element.getAnimations().map((animation) => animation.finished)));
  const ring = await newButton.evaluate((element) => {
    const style = getComputedStyle(element);
    return { color: style.outlineColor, width: style.outlineWidth, offset: style.outlineOffset };
  });
  expect(ring.width).toBe('2px');
  expect(ring.offset).toBe('2px');
  // WCAG 1.4.11: the ring contrasts 3:1 with the teal button and with the page behind it.
  expect(contrast(ring.color, 'rgb(19, 122, 112)')).toBeGreaterThanOrEqual(3);
  expect(contrast(ring.color, 'rgb(245, 247, 249)')).toBeGreaterThanOrEqual(3);

  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Nova consulta' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(newButton).toBeFocused();
});

/** WCAG contrast ratio of two `rgb(r, g, b)` colours. */
function contrast(first: string, second: string): number {
  const luminance = (color: string) => {
    const [r = 0, g = 0, b = 0] = (color.match(/\d+(\.\d+)?/g) ?? []).map(Number).map((channel) => {
      const value = channel / 255;
      return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [light, dark] = [luminance(first), luminance(second)].sort((a, b) => b - a) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

test('on the tablet the icon rail still shows the credit balance, and says what it counts', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 768, height: 1024 });
  await logInThroughUi(page, await createVerifiedUser(request));
  await expect(sidebar(page).getByRole('button', { name: 'Expandir menu' })).toBeVisible();
  const credits = sidebar(page).getByTestId('credits');
  await expect(credits).toHaveText('10 créditos');
  await expect(credits).toHaveAttribute('title', '10 créditos');
  const number = credits.getByText('10', { exact: true });
  await expect(number).toBeInViewport();
  // Not the 1 px box of text kept for screen readers only: a number one can read.
  expect((await number.boundingBox())?.width).toBeGreaterThan(8);
  await shoot(page, 'credits-tablet');
});
