import { expect, test } from '@playwright/test';
import type { TTokenResponse, TUser } from '@escriba/contract';
import { createVerifiedUser, logInThroughApi, readSessionToken } from './support/factories';
import { ADMIN } from './support/ports';
import { recordsFor } from './support/records';
import { shoot } from './support/screenshot';

test('the professional sees every access to her patient’s data, an administrator’s included, page by page', async ({
  page,
  request,
}) => {
  const user = await createVerifiedUser(request, { name: 'Lúcia Andrade' });
  await logInThroughApi(page, user);
  const token = await readSessionToken(page);
  const records = recordsFor(request, token);
  const patient = await records.createPatient({ name: 'Joana Prado', birth_date: '1985-02-11', sex: 'female' });
  const consultation = await records.createConsultation({ patient_id: patient.id });
  await records.saveUserContext(consultation.id, 'Retorno em 30 dias.');
  // Enough reads from another device for a second page.
  for (let read = 0; read < 18; read += 1) await records.getPatient(patient.id);

  await test.step('an administrator lists the professional’s consultations in the administration', async () => {
    const logIn = await request.post('/api/v1/token', { form: { username: ADMIN.email, password: ADMIN.password } });
    const admin = (await logIn.json()) as TTokenResponse;
    const me = await request.get('/api/v1/user/me/', { headers: { authorization: `Bearer ${token}` } });
    const { id: userId } = (await me.json()) as TUser;
    const listed = await request.get('/api/v1/admin/consultation/', {
      headers: { authorization: `Bearer ${admin.access_token}` },
      params: { user_id: userId },
    });
    expect(listed.ok(), await listed.text()).toBe(true);
  });

  await test.step('the patient page links to "Acessos"', async () => {
    await page
      .getByRole('navigation', { name: 'Navegação principal' })
      .getByRole('link', { name: 'Pacientes' })
      .click();
    await page.getByRole('link', { name: /Joana Prado/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Joana Prado' })).toBeVisible();
    await page.getByRole('link', { name: 'Acessos' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Acessos' })).toBeVisible();
  });

  const table = page.getByRole('table', { name: 'Acessos aos dados do paciente' });
  await test.step('newest first: her own opening of the record, then the administrator’s list', async () => {
    const rows = table.getByTestId('access-row');
    await expect(rows).toHaveCount(20);
    // The patient page just opened: her browser, her name shown as "Você".
    const opened = rows.filter({ hasText: 'Viu o cadastro do paciente' }).first();
    await expect(opened).toContainText('Você');
    await expect(opened).toContainText(/Chrome \d+ · Linux/);
    await expect(rows.filter({ hasText: 'Listou as consultas' }).first()).toContainText('Você');
    const administrator = rows.filter({ hasText: 'Administrador' });
    await expect(administrator).toHaveCount(1);
    await expect(administrator).toContainText('Viu a consulta numa lista');
    await expect(administrator).toContainText('127.0.0.1');
    await expect(page.getByText(/^1–20 de \d+ acessos$/)).toBeVisible();
    await shoot(page, 'patient-access-log');
  });

  await test.step('the next page ends with the record’s creation', async () => {
    await page.getByRole('button', { name: 'Próxima' }).click();
    await expect(page.getByText(/^21–\d+ de \d+ acessos$/)).toBeVisible();
    const rows = table.getByTestId('access-row');
    await expect(rows.last()).toContainText('Criou o cadastro do paciente');
    await expect(rows.filter({ hasText: 'Criou a consulta' })).toHaveCount(1);
  });
});
