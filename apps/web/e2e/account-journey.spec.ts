import { expect, test } from '@playwright/test';
import { createTestUser } from './support/factories';
import { readLinkCode } from './support/outbox';

test('sign up, verify, log in, edit the profile, add two licenses, switch the primary, log out', async ({ page }) => {
  const user = createTestUser();

  await test.step('sign up with masked CPF and phone', async () => {
    await page.goto('/sign-up');
    await page.getByLabel('Nome completo').fill(user.name);
    await page.getByLabel('E-mail').fill(user.email);
    await page.getByLabel('CPF').pressSequentially(user.cpf);
    await expect(page.getByLabel('CPF')).toHaveValue(/^\d{3}\.\d{3}\.\d{3}-\d{2}$/);
    await page.getByLabel('Celular').pressSequentially(user.phone);
    await expect(page.getByLabel('Celular')).toHaveValue(/^\(\d{2}\) \d{5}-\d{4}$/);
    await page.getByLabel('Senha', { exact: true }).fill(user.password);
    await page.getByLabel('Confirme a senha').fill(user.password);
    await page.getByRole('button', { name: 'Criar conta' }).click();
    await expect(page.getByRole('heading', { name: 'Confirme seu e-mail' })).toBeVisible();
    await expect(
      page.getByRole('status').filter({ hasText: 'Enviamos um e-mail para confirmar o cadastro' }),
    ).toContainText(user.email);
  });

  await test.step('an unverified account cannot log in yet', async () => {
    await page.goto('/log-in');
    await page.getByLabel('E-mail').fill(user.email);
    await page.getByLabel('Senha', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.getByRole('button', { name: 'Reenviar e-mail de verificação' })).toBeVisible();
  });

  await test.step('verify the account with the link from the e-mail', async () => {
    const code = await readLinkCode(user.email, '/account-verification');
    await page.goto(`/account-verification?code=${code}`);
    await expect(page.getByRole('heading', { name: 'Ative sua conta' })).toBeVisible();
    await page.getByLabel('Senha do cadastro').fill(user.password);
    await page.getByRole('button', { name: 'Ativar conta' }).click();
    await expect(page.getByRole('heading', { name: 'Conta verificada' })).toBeVisible();
    await page.getByRole('link', { name: 'Entrar' }).click();
    await expect(page).toHaveURL(/\/log-in$/);
  });

  await test.step('log in and be greeted by name', async () => {
    await page.getByLabel('E-mail').fill(user.email);
    await page.getByLabel('Senha', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Ana');
    const cookies = await page.context().cookies();
    for (const name of ['session', 'user']) {
      expect(cookies.find((cookie) => cookie.name === name)).toMatchObject({ secure: true, sameSite: 'Strict' });
    }
    const session = JSON.parse(
      decodeURIComponent(cookies.find((cookie) => cookie.name === 'session')?.value ?? '{}'),
    ) as object;
    expect(Object.keys(session).sort()).toEqual(['expiresAt', 'session', 'sessionToken', 'streamToken']);
  });

  await test.step('edit personal data', async () => {
    await page.getByRole('link', { name: 'Perfil' }).first().click();
    await expect(page.getByRole('heading', { name: 'Perfil' })).toBeVisible();
    await page.getByLabel('Nome completo').fill('Ana Beatriz Souza');
    await page.getByLabel('Data de nascimento').fill('1985-04-12');
    await page.getByRole('button', { name: 'Salvar dados' }).click();
    await expect(page.getByTestId('toast').filter({ hasText: 'Dados pessoais salvos' })).toBeVisible();
    await expect(page.getByText('Ana Beatriz Souza ·')).toBeVisible();
  });

  await test.step('fill the address from the CEP', async () => {
    // The practice card ("Local de atendimento") has the same address fields.
    const address = page.getByRole('region', { name: 'Endereço' });
    await address.getByLabel('CEP').pressSequentially('01310100');
    await address.getByRole('button', { name: 'Buscar CEP' }).click();
    await expect(address.getByLabel('Logradouro')).toHaveValue('Avenida Paulista');
    await expect(address.getByLabel('Bairro')).toHaveValue('Bela Vista');
    await expect(address.getByLabel('Cidade')).toHaveValue('São Paulo');
    await expect(address.getByLabel('UF', { exact: true })).toHaveValue('SP');
    await address.getByLabel('Número', { exact: true }).fill('1000');
    await address.getByRole('button', { name: 'Salvar endereço' }).click();
    await expect(page.getByTestId('toast').filter({ hasText: 'Endereço salvo' })).toBeVisible();
  });

  const licenses = page.getByTestId('license');
  await test.step('add two licenses; the first is primary', async () => {
    for (const [council, number, state] of [
      ['CRM — Medicina', '123456', 'SP'],
      ['CRO — Odontologia', '98765', 'RJ'],
    ] as const) {
      await page.getByRole('button', { name: 'Adicionar registro' }).click();
      const form = page.getByRole('form', { name: 'Novo registro' });
      await form.getByLabel('Conselho').selectOption({ label: council });
      await form.getByLabel('Número do registro').fill(number);
      await form.getByLabel('UF').selectOption(state);
      await form.getByRole('button', { name: 'Adicionar' }).click();
      await expect(licenses.filter({ hasText: `${number}/${state}` })).toBeVisible();
    }
    await expect(licenses.filter({ hasText: 'CRM 123456/SP' })).toContainText('Principal');
    await expect(licenses.filter({ hasText: 'CRO 98765/RJ' })).not.toContainText('Principal');
  });

  await test.step('switch the primary license', async () => {
    await licenses.filter({ hasText: 'CRO 98765/RJ' }).getByRole('button', { name: 'Tornar principal' }).click();
    await expect(licenses.filter({ hasText: 'CRO 98765/RJ' })).toContainText('Principal');
    await expect(licenses.filter({ hasText: 'CRM 123456/SP' })).not.toContainText('Principal');
    await page.reload();
    await expect(licenses.filter({ hasText: 'CRO 98765/RJ' })).toContainText('Principal');
  });

  await test.step('add and remove a specialization; change a preference', async () => {
    const specializations = page.getByRole('region', { name: 'Especializações' });
    await specializations.getByLabel('Adicionar especialização').selectOption({ label: 'Cardiologia' });
    await specializations.getByRole('button', { name: 'Adicionar', exact: true }).click();
    const mine = page.getByRole('list', { name: 'Minhas especializações' });
    await expect(mine).toContainText('Cardiologia');
    await page.getByLabel('Idioma da transcrição').selectOption('es-ES');
    await expect(page.getByTestId('toast').filter({ hasText: 'Preferências salvas' })).toBeVisible();
    await mine.getByRole('button', { name: 'Remover Cardiologia' }).click();
    await expect(mine).not.toContainText('Cardiologia');
  });

  await test.step('the reference data fits its cookie', async () => {
    const common = (await page.context().cookies()).find((cookie) => cookie.name === 'common');
    expect(common).toBeDefined();
    expect(Buffer.byteLength(`common=${common?.value ?? ''}`)).toBeLessThan(4096);
    expect(common).toMatchObject({ secure: true, sameSite: 'Strict' });
  });

  await test.step('log out', async () => {
    await page.getByRole('main').getByRole('button', { name: 'Sair da conta' }).click();
    await expect(page).toHaveURL(/\/log-in$/);
    const names = (await page.context().cookies()).map((cookie) => cookie.name);
    expect(names).not.toContain('session');
    expect(names).not.toContain('user');
    await page.goto('/user/profile');
    await expect(page).toHaveURL(/\/log-in\?redirect=%2Fuser%2Fprofile$/);
  });
});
