import { expect, test } from '@playwright/test';
import { createVerifiedUser, logInThroughApi } from './support/factories';
import { CEP_PORT } from './support/ports';
import { shoot } from './support/screenshot';
import { dismissToasts } from './support/toasts';

test.beforeEach(async ({ page, request }) => {
  await logInThroughApi(page, await createVerifiedUser(request));
  await page.goto('/user/profile');
});

test('the CEP lookup explains an unknown CEP and an unreachable service', async ({ page }) => {
  // The practice card ("Local de atendimento") has the same address fields.
  const address = page.getByRole('region', { name: 'Endereço' });
  const cep = address.getByLabel('CEP');
  await cep.pressSequentially('99999999');
  await address.getByRole('button', { name: 'Buscar CEP' }).click();
  await expect(address.getByText('CEP não encontrado.')).toBeVisible();

  await page.route(`http://127.0.0.1:${CEP_PORT}/**`, (route) => route.abort('connectionrefused'));
  await cep.fill('');
  await cep.pressSequentially('01310100');
  await address.getByRole('button', { name: 'Buscar CEP' }).click();
  await expect(address.getByText(/serviço de busca está indisponível/)).toBeVisible();
  await expect(address.getByLabel('Logradouro')).toHaveValue('');
});

test('the CEP warning goes once the address is saved', async ({ page }) => {
  const address = page.getByRole('region', { name: 'Endereço' });
  await address.getByLabel('CEP').pressSequentially('99999998');
  await address.getByRole('button', { name: 'Buscar CEP' }).click();
  const warning = address.getByText(/CEP não encontrado/);
  await expect(warning).toBeVisible();

  // Filled in by hand, as the warning says, and saved: the warning has nothing left to say.
  await address.getByLabel('Logradouro').fill('Rua das Acácias');
  await address.getByLabel('Número', { exact: true }).fill('12');
  await address.getByLabel('Cidade').fill('Cuiabá');
  await address.getByLabel('UF').selectOption('MT');
  await address.getByRole('button', { name: 'Salvar endereço' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Endereço salvo' })).toBeVisible();
  await expect(warning).toHaveCount(0);
  await expect(address.getByLabel('CEP')).toHaveValue('99999-998');
  await dismissToasts(page);
  await address.scrollIntoViewIfNeeded();
  await shoot(page, 'profile-address-saved');
});

test('a license can be edited and removed after confirming', async ({ page }) => {
  await page.getByRole('button', { name: 'Adicionar registro' }).click();
  const form = page.getByRole('form', { name: 'Novo registro' });
  await form.getByLabel('Conselho').selectOption({ label: 'COREN — Enfermagem' });
  await form.getByLabel('Número do registro').fill('55555');
  await form.getByLabel('UF').selectOption('MG');
  await form.getByRole('button', { name: 'Adicionar' }).click();

  const license = page.getByTestId('license');
  await expect(license).toHaveText(/COREN 55555\/MG/);
  await page.getByRole('button', { name: 'Editar COREN 55555' }).click();
  const edit = page.getByRole('form', { name: 'Editar registro' });
  await edit.getByLabel('Número do registro').fill('55556');
  await edit.getByRole('button', { name: 'Salvar registro' }).click();
  await expect(license).toHaveText(/COREN 55556\/MG/);

  await page.getByRole('button', { name: 'Remover COREN 55556' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remover registro?' });
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(license).toHaveCount(1);
  await page.getByRole('button', { name: 'Remover COREN 55556' }).click();
  await dialog.getByRole('button', { name: 'Remover' }).click();
  await expect(license).toHaveCount(0);
  await expect(page.getByText('Nenhum registro cadastrado ainda.')).toBeVisible();
});

test('a license without UF asks for it in a few words, inside the card', async ({ page }) => {
  await page.getByRole('button', { name: 'Adicionar registro' }).click();
  const form = page.getByRole('form', { name: 'Novo registro' });
  await form.getByLabel('Conselho').selectOption({ label: 'CRM — Medicina' });
  await form.getByLabel('Número do registro').fill('123456');
  await form.getByRole('button', { name: 'Adicionar' }).click();
  await expect(form.getByText('Selecione uma opção')).toBeVisible();
  await expect(form).not.toContainText('esperava');
  const [formBox, stateBox] = await Promise.all([form.boundingBox(), form.getByLabel('UF').boundingBox()]);
  expect((stateBox?.x ?? 0) + (stateBox?.width ?? 0)).toBeLessThanOrEqual((formBox?.x ?? 0) + (formBox?.width ?? 0));
});
