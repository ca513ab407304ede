import { expect, test } from '@playwright/test';
import { createCpf, createVerifiedUser, logInThroughApi, readSessionToken } from './support/factories';
import { recordsFor } from './support/records';

test.beforeEach(async ({ page, request }) => {
  await logInThroughApi(page, await createVerifiedUser(request));
});

test('register a patient with the CEP lookup, edit, start a consultation, see it in the history, archive', async ({
  page,
}) => {
  const cpf = createCpf();

  await test.step('the sidebar opens an empty patients screen', async () => {
    await page
      .getByRole('navigation', { name: 'Navegação principal' })
      .getByRole('link', { name: 'Pacientes' })
      .click();
    await expect(page.getByRole('heading', { name: 'Nenhum paciente cadastrado' })).toBeVisible();
  });

  await test.step('fill the form; the CEP fills the address', async () => {
    await page.getByRole('link', { name: 'Novo paciente' }).click();
    const form = page.getByRole('form', { name: 'Novo paciente' });
    await form.getByLabel('Nome completo').fill('Helena Martins');
    await form.getByLabel('Data de nascimento').fill('1972-05-03');
    await form.getByLabel('Sexo').selectOption({ label: 'Feminino' });
    await form.getByLabel('CPF (opcional)').pressSequentially(cpf);
    await expect(form.getByLabel('CPF (opcional)')).toHaveValue(/^\d{3}\.\d{3}\.\d{3}-\d{2}$/);
    await form.getByLabel('Telefone').pressSequentially('11987654321');
    await form.getByLabel('CEP').pressSequentially('01310100');
    await form.getByRole('button', { name: 'Buscar CEP' }).click();
    await expect(form.getByLabel('Logradouro')).toHaveValue('Avenida Paulista');
    await expect(form.getByLabel('Cidade')).toHaveValue('São Paulo');
    await expect(form.getByLabel('UF', { exact: true })).toHaveValue('SP');
    await expect(form.getByLabel('Número', { exact: true })).toBeFocused();
    await form.getByLabel('Número', { exact: true }).fill('1578');
    await form.getByLabel('Convênio ou plano').fill('Unimed');
    await form.getByRole('button', { name: 'Cadastrar paciente' }).click();
  });

  await test.step('the patient page shows the record', async () => {
    await expect(page.getByRole('heading', { level: 1, name: 'Helena Martins' })).toBeVisible();
    const details = page.getByRole('region', { name: 'Dados do paciente' });
    await expect(details).toContainText('Avenida Paulista, 1578 — Bela Vista, São Paulo/SP · CEP 01310-100');
    await expect(details).toContainText('03/05/1972');
    await expect(details).toContainText('Unimed');
  });

  await test.step('edit the phone', async () => {
    await page.getByRole('button', { name: 'Editar' }).click();
    const form = page.getByRole('form', { name: 'Editar paciente' });
    await expect(form.getByLabel('Logradouro')).toHaveValue('Avenida Paulista');
    await form.getByLabel('Telefone').fill('');
    await form.getByLabel('Telefone').pressSequentially('1133224455');
    await form.getByRole('button', { name: 'Salvar alterações' }).click();
    await expect(page.getByRole('region', { name: 'Dados do paciente' })).toContainText('(11) 3322-4455');
  });

  await test.step('start a consultation from the patient; it appears in the history', async () => {
    await page.getByRole('button', { name: 'Nova consulta' }).click();
    await expect(page).toHaveURL(/\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId('patient-name')).toHaveText('Helena Martins');
    await page.getByTestId('patient-name').click();
    const history = page.getByRole('list', { name: 'Histórico de consultas' });
    await expect(history.getByTestId('consultation-row')).toHaveCount(1);
    await expect(history).toContainText('Consulta sem título');
    await expect(history).toContainText('Em aberto');
  });

  await test.step('archive after confirming; it leaves the active list', async () => {
    await page.getByRole('button', { name: 'Arquivar' }).click();
    await page.getByRole('dialog', { name: 'Arquivar paciente?' }).getByRole('button', { name: 'Arquivar' }).click();
    await expect(page.getByTestId('toast').filter({ hasText: 'Paciente arquivado' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Nova consulta' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Pacientes' }).first().click();
    await expect(page.getByText('Nenhum paciente encontrado.')).toBeVisible();
    await page.getByLabel('Situação').selectOption({ label: 'Arquivados' });
    await expect(page.getByTestId('patient-row')).toHaveText(/Helena Martins.*Arquivado/);
  });
});

test('the patients list searches by name and CPF and pages through', async ({ page, request }) => {
  const records = recordsFor(request, await readSessionToken(page));
  const cpf = createCpf();
  await records.createPatient({ name: 'Antônio Ferreira', cpf });
  for (let index = 1; index <= 21; index++) {
    await records.createPatient({ name: `Paciente ${String(index).padStart(2, '0')}` });
  }
  await page.goto('/patients');
  const rows = page.getByTestId('patient-row');
  await expect(rows).toHaveCount(20);
  await expect(page.getByText('1–20 de 22 pacientes')).toBeVisible();
  await page.getByRole('button', { name: 'Próxima' }).click();
  await expect(rows).toHaveCount(2);
  // A page past the end moves to the last one.
  await page.goto('/patients?page=9');
  await expect(page).toHaveURL(/\/patients\?page=2$/);
  await expect(page.getByText('21–22 de 22 pacientes')).toBeVisible();

  await page.getByLabel('Buscar').fill('antonio');
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText('Antônio Ferreira');
  await page.getByLabel('Buscar').fill(cpf.slice(3, 9));
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText('Antônio Ferreira');
});

test('a double click on a patient’s "Nova consulta" opens one consultation', async ({ page, request }) => {
  const records = recordsFor(request, await readSessionToken(page));
  const patient = await records.createPatient({ name: 'Caio Fernandes' });
  await page.goto(`/patients/${patient.id}`);
  await page.getByRole('button', { name: 'Nova consulta' }).dblclick();
  await expect(page).toHaveURL(/\/[0-9a-f-]{36}$/);
  await page.goto(`/patients/${patient.id}`);
  await expect(page.getByText('1 consulta', { exact: true })).toBeVisible();
});
