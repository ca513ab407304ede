import { expect, test } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import {
  createVerifiedUser,
  logInThroughApi,
  logInThroughUi,
  readSessionToken,
  type TestUser,
} from './support/factories';
import { ADMIN } from './support/ports';
import { recordsFor } from './support/records';
import { shoot } from './support/screenshot';

const ADMIN_USER: TestUser = { ...ADMIN, cpf: '', phone: '' };

test('an administrator finds who accessed a patient’s data: by user, by patient, from a user’s record and a consultation', async ({
  page,
  browser,
  request,
}) => {
  const tag = randomUUID().slice(0, 6);
  const name = `Renata Acessos ${tag}`;
  const user = await createVerifiedUser(request, { name });
  const professional = await (await browser.newContext()).newPage();
  await logInThroughApi(professional, user);
  const records = recordsFor(request, await readSessionToken(professional));
  const opened = await records.createPatient({ name: 'Cecília Borges', birth_date: '1968-09-14', sex: 'female' });
  const other = await records.createPatient({ name: 'Paulo Siqueira', birth_date: '1990-01-20', sex: 'male' });
  await records.createConsultation({ patient_id: opened.id, title: 'Retorno' });

  await test.step('the professional opens her patient in her browser', async () => {
    await professional
      .getByRole('navigation', { name: 'Navegação principal' })
      .getByRole('link', { name: 'Pacientes' })
      .click();
    await professional.getByRole('link', { name: /Cecília Borges/ }).click();
    await expect(professional.getByRole('heading', { level: 1, name: 'Cecília Borges' })).toBeVisible();
    await expect(professional.getByText('Retorno')).toBeVisible();
  });

  await logInThroughUi(page, ADMIN_USER);
  const table = page.getByRole('table', { name: 'Acessos aos dados de pacientes' });
  const rows = table.getByTestId('access-row');
  const code = (id: string) => id.slice(0, 8);

  await test.step('"Acessos" filtered by who accessed, chosen by name and kept in the address', async () => {
    await page.getByRole('link', { name: 'Acessos', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Acessos');
    await page.getByLabel('Quem acessou').fill(`acessos ${tag}`);
    await page.getByRole('list', { name: 'Usuários encontrados' }).getByRole('button', { name }).click();
    await expect(page).toHaveURL(/[?&]user_id=/);
    await expect(page.getByTestId('chosen-user')).toHaveText(name);
    // Both patients created, one consultation created and listed, one record opened: newest first.
    await expect(rows.first()).toContainText('Listou as consultas');
    const read = rows.filter({ hasText: 'Viu o cadastro do paciente' });
    await expect(read).toHaveCount(1);
    await expect(read).toContainText(name);
    await expect(read).toContainText('Profissional');
    await expect(read).toContainText(code(opened.id));
    await expect(read).toContainText(/Chrome \d+ · Linux/);
    await expect(read).toContainText(/\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}:\d{2}/);
    await expect(rows.filter({ hasText: code(other.id) })).toHaveCount(1);
    await page.reload();
    await expect(page.getByTestId('chosen-user')).toHaveText(name);
    await expect(rows.filter({ hasText: 'Viu o cadastro do paciente' })).toHaveCount(1);
  });

  await test.step('a patient’s code narrows to her accesses; removing who accessed keeps the patient', async () => {
    await rows
      .filter({ hasText: 'Viu o cadastro do paciente' })
      .getByRole('link', { name: code(opened.id) })
      .click();
    await expect(page).toHaveURL(new RegExp(`patient_id=${opened.id}`));
    await expect(page.getByTestId('chosen-patient')).toHaveText(code(opened.id));
    await expect(rows.filter({ hasText: code(other.id) })).toHaveCount(0);
    await expect(rows.filter({ hasNotText: code(opened.id) })).toHaveCount(0);
    await expect(rows.filter({ hasText: 'Criou o cadastro do paciente' })).toHaveCount(1);
    await page.getByRole('button', { name: `Remover o filtro “Quem acessou” (${name})` }).click();
    await expect(page).not.toHaveURL(/user_id=/);
    await expect(page).toHaveURL(new RegExp(`patient_id=${opened.id}`));
    await expect(page.getByLabel('Quem acessou')).toHaveValue('');
  });

  await test.step('from a consultation in the administration to the accesses to its patient, the listing included', async () => {
    await page.getByRole('link', { name: 'Consultas', exact: true }).click();
    await page.getByLabel('Profissional').fill(`acessos ${tag}`);
    await page.getByRole('list', { name: 'Profissionais encontrados' }).getByRole('button', { name }).click();
    await expect(page.getByTestId('consultation-row')).toHaveCount(1);
    await page.getByTestId('consultation-row').getByRole('link', { name: 'Acessos ao paciente' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Acessos');
    await expect(page).toHaveURL(new RegExp(`/admin/access-log\\?patient_id=${opened.id}$`));
    // The administration's list of consultations is itself an access, and says who made it.
    const listing = rows.filter({ hasText: 'Administrador' }).first();
    await expect(listing).toContainText('Viu a consulta numa lista');
    await expect(rows.filter({ hasText: 'Viu o cadastro do paciente' })).toContainText(name);
    await shoot(page, 'admin-access-log');
    // Who accessed is a link too: her accesses to this patient.
    await rows.filter({ hasText: 'Viu o cadastro do paciente' }).getByRole('link', { name }).click();
    await expect(page.getByTestId('chosen-user')).toHaveText(name);
    await expect(page.getByTestId('chosen-patient')).toHaveText(code(opened.id));
    await expect(rows.filter({ hasText: 'Administrador' })).toHaveCount(0);
  });

  await test.step('from the user’s record in "Usuários" to all her accesses', async () => {
    await page.getByRole('link', { name: 'Usuários', exact: true }).click();
    await page.getByLabel('E-mail').fill(user.email);
    await page.getByRole('button', { name: 'Filtrar' }).click();
    await expect(page.getByTestId('user-row')).toHaveCount(1);
    await page.getByRole('button', { name }).click();
    const card = page.getByRole('region', { name: 'Acessos a dados de pacientes' });
    await expect(card.getByTestId('access-row').first()).toContainText('Listou as consultas');
    await expect(card.getByRole('link', { name: 'Ver todos os acessos' })).toBeVisible();
    await page.getByRole('link', { name: 'Ver acessos', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Acessos');
    await expect(page).toHaveURL(/\/admin\/access-log\?user_id=[0-9a-f-]{36}$/);
    await expect(page.getByTestId('chosen-user')).toHaveText(name);
    await expect(rows.first()).toBeVisible();
    await expect(rows.filter({ hasNotText: name })).toHaveCount(0);
  });
});
