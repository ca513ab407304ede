import { expect, test } from '@playwright/test';
import type { TPatientList } from '@escriba/contract';
import { createCpf, createVerifiedUser, logInThroughApi, readSessionToken } from './support/factories';
import { recordsFor } from './support/records';
import { shoot } from './support/screenshot';

test.beforeEach(async ({ page, request }) => {
  await logInThroughApi(page, await createVerifiedUser(request));
});

test('the address: a CEP error leaves with a valid CEP, "Sem número" and a town without bairro save', async ({
  page,
}) => {
  await page.goto('/patients/new');
  const form = page.getByRole('form', { name: 'Novo paciente' });
  await form.getByLabel('Nome completo').fill('Joana Prado');
  const cep = form.getByLabel('CEP');
  await cep.pressSequentially('7817');
  await form.getByRole('button', { name: 'Buscar CEP' }).click();
  await expect(form.getByText('Informe os 8 dígitos do CEP')).toBeVisible();
  await cep.fill('');
  await cep.pressSequentially('78175000');
  await form.getByRole('button', { name: 'Buscar CEP' }).click();
  await expect(form.getByLabel('Cidade')).toHaveValue('Poconé');
  await expect(form.getByText('Informe os 8 dígitos do CEP')).toHaveCount(0);
  await expect(form.getByText('Este CEP não tem bairro; preencha só se houver.')).toBeVisible();

  await form.getByLabel('Logradouro').fill('Rua Sete de Setembro');
  await form.getByLabel('Sem número (s/n)').check();
  await expect(form.getByLabel('Número', { exact: true })).toHaveValue('S/N');
  await form.getByRole('button', { name: 'Cadastrar paciente' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Joana Prado' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Dados do paciente' })).toContainText('Rua Sete de Setembro, S/N');
});

test('the CEP warning goes when the CEP is changed, and the patient saves with the address typed in', async ({
  page,
}) => {
  await page.goto('/patients/new');
  const form = page.getByRole('form', { name: 'Novo paciente' });
  await form.getByLabel('Nome completo').fill('Lúcia Freitas');
  const cep = form.getByLabel('CEP');
  await cep.pressSequentially('99999999');
  await form.getByRole('button', { name: 'Buscar CEP' }).click();
  const warning = form.getByText(/CEP não encontrado/);
  await expect(warning).toBeVisible();

  // One digit fixed by hand: the warning spoke of the CEP before it.
  await cep.press('End');
  await cep.press('Backspace');
  await expect(warning).toHaveCount(0);
  await cep.pressSequentially('8');
  await form.getByLabel('Logradouro').fill('Rua das Acácias');
  await form.getByLabel('Número', { exact: true }).fill('12');
  await form.getByLabel('Cidade').fill('Cuiabá');
  await form.getByLabel('UF').selectOption('MT');
  await shoot(page, 'patient-form-cep-changed');
  await form.getByRole('button', { name: 'Cadastrar paciente' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Lúcia Freitas' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Dados do paciente' })).toContainText('Rua das Acácias, 12');
});

test('a double click on "Cadastrar paciente" saves one patient and says no CPF is taken', async ({ page, request }) => {
  await page.goto('/patients/new');
  const form = page.getByRole('form', { name: 'Novo paciente' });
  await form.getByLabel('Nome completo').fill('Rosa Amaral');
  await form.getByLabel('CPF').pressSequentially(createCpf());
  const keys: (string | undefined)[] = [];
  page.on('request', (sent) => {
    if (sent.method() === 'POST' && sent.url().endsWith('/api/v1/user/patients/')) {
      keys.push(sent.headers()['idempotency-key']);
    }
  });
  await form.getByRole('button', { name: 'Cadastrar paciente' }).dblclick();
  await expect(page.getByRole('heading', { level: 1, name: 'Rosa Amaral' })).toBeVisible();
  await expect(page.getByText('Já existe um paciente com este CPF')).toHaveCount(0);
  await shoot(page, 'patient-saved-after-double-click');

  const listed = await request.get('/api/v1/user/patients/', {
    headers: { authorization: `Bearer ${await readSessionToken(page)}` },
  });
  expect(((await listed.json()) as TPatientList).items.map((patient) => patient.name)).toEqual(['Rosa Amaral']);
  expect(keys.length).toBeGreaterThan(0);
  for (const key of keys) expect(key).toMatch(/^[0-9a-f-]{36}$/);
});

test('leaving an edited patient asks first; staying keeps the changes, confirming drops them', async ({
  page,
  request,
}) => {
  const records = recordsFor(request, await readSessionToken(page));
  const patient = await records.createPatient({ name: 'Helena Martins', notes: 'Alérgica a sulfa.' });
  await page.goto(`/patients/${patient.id}`);
  await page.getByRole('button', { name: 'Editar' }).click();
  const form = page.getByRole('form', { name: 'Editar paciente' });
  await form.getByLabel('Observações').fill('Alérgica a sulfa e a dipirona.');

  await page.getByRole('navigation', { name: 'Navegação principal' }).getByRole('link', { name: 'Início' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sair sem salvar?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Continuar editando' }).click();
  await expect(page).toHaveURL(new RegExp(`/patients/${patient.id}$`));
  await expect(form.getByLabel('Observações')).toHaveValue('Alérgica a sulfa e a dipirona.');

  // Closing the tab gets the browser's own question; dismissing it keeps the page.
  const question = page.waitForEvent('dialog');
  await page.close({ runBeforeUnload: true });
  const asked = await question;
  expect(asked.type()).toBe('beforeunload');
  await asked.dismiss();
  await expect(form.getByLabel('Observações')).toHaveValue('Alérgica a sulfa e a dipirona.');

  await page.getByRole('link', { name: 'Pacientes' }).first().click();
  await dialog.getByRole('button', { name: 'Sair sem salvar' }).click();
  await expect(page).toHaveURL(/\/patients$/);
  expect((await records.getPatient(patient.id)).notes).toBe('Alérgica a sulfa.');
});

test('a newborn’s age reads in days, a baby’s in months', async ({ page, request }) => {
  const records = recordsFor(request, await readSessionToken(page));
  // Days on Brasília time, as the app counts ages (UTC is already tomorrow from 21:00 there).
  const day = (daysAgo: number) =>
    new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(Date.now() - daysAgo * 86_400_000);
  const newborn = await records.createPatient({ name: 'Recém Nascido', birth_date: day(12) });
  await records.createPatient({ name: 'Bebê de Colo', birth_date: day(100) });
  await page.goto('/patients');
  await expect(page.getByTestId('patient-row').filter({ hasText: 'Recém Nascido' })).toContainText('12 dias');
  await expect(page.getByTestId('patient-row').filter({ hasText: 'Bebê de Colo' })).toContainText('3 meses');
  await page.goto(`/patients/${newborn.id}`);
  await expect(page.getByText('12 dias').first()).toBeVisible();
});
