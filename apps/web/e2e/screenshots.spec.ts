import { expect, test, type Page } from '@playwright/test';
import { join } from 'node:path';
import { createVerifiedUser, logInThroughUi, readSessionToken, type TestUser } from './support/factories';
import { readLinkCode } from './support/outbox';
import { recordsFor, seedClinic, type Records } from './support/records';
import { ADMIN } from './support/ports';

// Every screen at a laptop's and a portrait tablet's size, committed for review.
const VIEWPORTS = [
  { width: 1366, height: 768 },
  { width: 768, height: 1024 },
];
const DIR = join(import.meta.dirname, 'screenshots');

async function shoot(page: Page, name: string, fullPage = false) {
  const { width, height } = page.viewportSize() ?? { width: 0, height: 0 };
  // Fonts and icons load asynchronously; wait for both before taking the picture.
  await page.evaluate(() => document.fonts.ready);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await page.screenshot({ path: join(DIR, `${name}-${width}x${height}.png`), fullPage, animations: 'disabled' });
}

async function fillProfile(page: Page) {
  await page.goto('/user/profile');
  // The practice card ("Local de atendimento") has the same address fields.
  const address = page.getByRole('region', { name: 'Endereço' });
  await address.getByLabel('CEP').pressSequentially('01310100');
  await address.getByRole('button', { name: 'Buscar CEP' }).click();
  await expect(address.getByLabel('Logradouro')).toHaveValue('Avenida Paulista');
  await address.getByLabel('Número', { exact: true }).fill('1000');
  await address.getByRole('button', { name: 'Salvar endereço' }).click();
  await page.getByRole('button', { name: 'Adicionar registro' }).click();
  const form = page.getByRole('form', { name: 'Novo registro' });
  await form.getByLabel('Conselho').selectOption({ label: 'CRM — Medicina' });
  await form.getByLabel('Número do registro').fill('123456');
  await form.getByLabel('UF').selectOption('SP');
  await form.getByRole('button', { name: 'Adicionar' }).click();
  await expect(page.getByTestId('license')).toHaveCount(1);
  const specializations = page.getByRole('region', { name: 'Especializações' });
  for (const name of ['Cardiologia', 'Clínica Médica']) {
    await specializations.getByLabel('Adicionar especialização').selectOption({ label: name });
    await specializations.getByRole('button', { name: 'Adicionar', exact: true }).click();
    await expect(specializations.getByRole('list')).toContainText(name);
  }
}

/** Home, patients and a consultation, with the fictional patients of shared/fixtures. */
async function shootClinic(page: Page, records: Records) {
  const { helena, consultations } = await seedClinic(records);
  await page.goto('/');
  await expect(page.getByTestId('consultation-row')).toHaveCount(4);
  await shoot(page, 'home');
  await page.getByRole('button', { name: 'Nova consulta' }).click();
  await expect(page.getByRole('dialog').getByRole('radio')).toHaveCount(3);
  await page.getByRole('radio', { name: /Helena Martins/ }).check();
  await page.getByLabel('Título (opcional)').fill('Retorno');
  await shoot(page, 'new-consultation');
  await page.keyboard.press('Escape');
  await page.goto('/patients');
  await expect(page.getByTestId('patient-row')).toHaveCount(3);
  await shoot(page, 'patients');
  await page.goto(`/patients/${helena.id}`);
  await expect(page.getByTestId('consultation-row')).toHaveCount(2);
  await shoot(page, 'patient', true);
  await page.goto('/patients/new');
  await shoot(page, 'patient-new', true);
  await shootPatientEdits(page, helena.id);
  // The return visit: still a draft (the first visit is concluded, so read-only).
  const consultationId = consultations.at(-1)?.id ?? '';
  await page.goto(`/${consultationId}`);
  await page.getByRole('tab', { name: 'Contexto' }).click();
  const context = page.getByLabel('Contexto', { exact: true });
  await context.fill('PA 138/88 mmHg. Exame neurológico normal. Investigar uso diário de dipirona.');
  await expect(page.getByTestId('save-state')).toHaveText('Salvo');
  await shoot(page, 'consultation', true);
  // Another tab saves meanwhile; this one's next save is refused and both texts are shown.
  await records.saveUserContext(consultationId, 'PA 140/90 mmHg. Cefaleia melhorou com a retirada da dipirona.');
  await context.press('End');
  await context.pressSequentially(' Retorno em 30 dias.');
  await expect(page.getByTestId('newer-text')).toBeVisible();
  await shoot(page, 'consultation-conflict', true);
  await page.getByRole('button', { name: 'Manter o meu texto' }).click();
  await expect(page.getByTestId('save-state')).toHaveText('Salvo');
  await page.goto('/not-a-consultation-id');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await shoot(page, 'not-found-signed-in');
}

/** The address without a number in a town without bairro, and the question before leaving unsaved changes. */
async function shootPatientEdits(page: Page, patientId: string) {
  await page.goto(`/patients/${patientId}`);
  await page.getByRole('button', { name: 'Editar' }).click();
  const form = page.getByRole('form', { name: 'Editar paciente' });
  await form.getByLabel('CEP').fill('');
  await form.getByLabel('CEP').pressSequentially('78175000');
  await form.getByRole('button', { name: 'Buscar CEP' }).click();
  await expect(form.getByLabel('Cidade')).toHaveValue('Poconé');
  await form.getByLabel('Sem número (s/n)').check();
  await form.getByLabel('Sem número (s/n)').scrollIntoViewIfNeeded();
  await shoot(page, 'patient-edit-address');
  await page.getByRole('link', { name: 'Pacientes' }).first().click();
  await expect(page.getByRole('dialog', { name: 'Sair sem salvar?' })).toBeVisible();
  await shoot(page, 'patient-leave-confirm');
  await page.getByRole('button', { name: 'Sair sem salvar' }).click();
  await expect(page).toHaveURL(/\/patients$/);
}

for (const viewport of VIEWPORTS) {
  test.describe(`screens at ${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport });

    test('guest screens', async ({ page, request }) => {
      await page.goto('/log-in');
      await shoot(page, 'log-in');
      await page.getByRole('button', { name: 'Entrar' }).click();
      await expect(page.getByText('Informe o e-mail')).toBeVisible();
      await shoot(page, 'log-in-errors');
      await page.goto('/sign-up');
      await shoot(page, 'sign-up', true);
      await page.goto('/forgot-password');
      await shoot(page, 'forgot-password');
      const user = await createVerifiedUser(request);
      await request.post('/api/v1/user/forgot-password', { params: { email: user.email, cpf: user.cpf } });
      await page.goto(`/reset-password?code=${await readLinkCode(user.email, '/reset-password')}`);
      await expect(page.getByLabel('Nova senha', { exact: true })).toBeVisible();
      await shoot(page, 'reset-password');
      await page.goto('/reset-password?code=exemplo');
      await expect(page.getByLabel('Nova senha', { exact: true })).toHaveCount(0);
      await shoot(page, 'reset-password-invalid');
      await page.goto('/account-verification?code=codigo-invalido');
      await expect(page.getByRole('alert')).toBeVisible();
      await shoot(page, 'account-verification-failed');
      await page.goto('/these/pages/do-not-exist');
      await shoot(page, 'not-found');
      // A deploy removed the page's code, and the one reload did not bring it back.
      await page.goto('/log-in');
      await page.route(/\/assets\/sign-up-page-[\w-]+\.js$/, (route) => route.fulfill({ status: 404, body: '' }));
      await page.getByRole('link', { name: 'Criar conta' }).click();
      await expect(page.getByRole('heading', { name: 'Nova versão disponível' })).toBeVisible();
      await shoot(page, 'new-version');
      await page.unrouteAll();
    });

    test('professional screens', async ({ page, request }) => {
      // Every screen of a professional's day at this size, the consultation ones with a recording and a note.
      test.setTimeout(120_000);
      const user: TestUser = await createVerifiedUser(request, { name: 'Ana Beatriz Souza' });
      await logInThroughUi(page, user);
      await expect(page.getByRole('heading', { name: 'Nenhuma consulta ainda' })).toBeVisible();
      await shoot(page, 'home-empty');
      await fillProfile(page);
      await page.evaluate(() => window.scrollTo(0, 0));
      await shoot(page, 'profile', true);
      await shootClinic(page, recordsFor(request, await readSessionToken(page)));
      await page.goto('/');
      await page.getByRole('button', { name: /Expandir menu|Recolher menu/ }).click();
      await shoot(page, 'home-menu-toggled');
      await page.goto('/user/profile');
      await page.getByLabel('Tema').selectOption('dark');
      await expect(page.locator('html')).toHaveClass(/dark/);
      await shoot(page, 'profile-dark');

      const token = await readSessionToken(page);
      await request.post('/api/v1/token/logout', { headers: { authorization: `Bearer ${token}` } });
      await expect(page.getByTestId('toast').filter({ hasText: 'Sessão expirada' })).toBeVisible();
      await shoot(page, 'session-expired');
    });

    test('admin screens', async ({ page }) => {
      await logInThroughUi(page, { ...ADMIN, cpf: '', phone: '' });
      await expect(page).toHaveURL(/\/admin\/users$/);
      await shoot(page, 'admin-users');
    });
  });
}
