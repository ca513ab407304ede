import type { TAdminPersona } from '@escriba/contract';
import { expect, test, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { logInThroughUi, readSessionToken } from './support/factories';
import { ADMIN } from './support/ports';
import { shoot } from './support/screenshot';
import { dismissToasts } from './support/toasts';

const SCREENSHOTS = join(import.meta.dirname, 'screenshots');

/** A screenshot without toasts, so they do not cover the page's header. */
async function screenshot(page: Page, name: string) {
  await dismissToasts(page);
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: join(SCREENSHOTS, name), animations: 'disabled' });
}

async function readPersonas(page: Page): Promise<TAdminPersona[]> {
  const response = await page.request.get('/api/v1/admin/prompt/persona/', {
    headers: { authorization: `Bearer ${await readSessionToken(page)}` },
  });
  expect(response.ok()).toBe(true);
  return (await response.json()) as TAdminPersona[];
}

async function confirmDefault(page: Page, name: string) {
  await page
    .getByRole('dialog', { name: `Tornar ${name} a persona padrão?` })
    .getByRole('button', { name: 'Tornar padrão' })
    .click();
}

test('an administrator creates a persona, makes it the default, cannot delete the default, then deletes it', async ({
  page,
}) => {
  await logInThroughUi(page, { ...ADMIN, cpf: '', phone: '' });
  await page.getByRole('link', { name: 'Personas' }).click();
  await expect(page).toHaveURL(/\/admin\/personas$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Personas' })).toBeVisible();

  const list = page.getByRole('list', { name: 'Personas' });
  const previousDefault = (await readPersonas(page)).find((persona) => persona.is_default)!;
  const previousItem = list.getByRole('listitem', { name: previousDefault.name, exact: true });
  await expect(previousItem.getByText('Padrão', { exact: true })).toBeVisible();
  // Exactly one marker on the page.
  await expect(list.getByText('Padrão', { exact: true })).toHaveCount(1);

  // The contract's rules stop an empty form before any request.
  await page.getByRole('button', { name: 'Nova persona' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nova persona' });
  await dialog.getByRole('button', { name: 'Criar persona' }).click();
  await expect(dialog.getByText('Informe o nome')).toBeVisible();
  await expect(dialog.getByText('Informe as instruções')).toBeVisible();

  const name = `Cardiologista ${randomUUID().slice(0, 6)}`;
  await dialog.getByLabel('Nome').fill(name);
  await dialog.getByLabel('Descrição').fill('Foco em sintomas cardiovasculares');
  await dialog.getByLabel('Instruções').fill('Escreva de forma objetiva.\nDestaque dor torácica e dispneia.');
  await dialog.getByRole('button', { name: 'Criar persona' }).click();
  await expect(dialog).toBeHidden();
  const created = list.getByRole('listitem', { name, exact: true });
  await expect(created).toContainText('Foco em sintomas cardiovasculares');
  await expect(created.getByText('Padrão', { exact: true })).toHaveCount(0);
  const stored = (await readPersonas(page)).find((persona) => persona.name === name)!;
  expect(stored).toMatchObject({
    is_default: false,
    instructions: 'Escreva de forma objetiva.\nDestaque dor torácica e dispneia.',
  });

  // Editing replaces the texts.
  await created.getByRole('button', { name: 'Editar' }).click();
  const edit = page.getByRole('dialog', { name: `Editar ${name}` });
  await expect(edit.getByLabel('Instruções')).toHaveValue(stored.instructions);
  await edit.getByLabel('Descrição').fill('Foco cardiovascular');
  await edit.getByRole('button', { name: 'Salvar' }).click();
  await expect(edit).toBeHidden();
  await expect(created).toContainText('Foco cardiovascular');

  // "Tornar padrão", once confirmed: the new one gets the marker and the old default loses it.
  await created.getByRole('button', { name: 'Tornar padrão' }).click();
  await confirmDefault(page, name);
  await expect(created.getByText('Padrão', { exact: true })).toBeVisible();
  await expect(previousItem.getByText('Padrão', { exact: true })).toHaveCount(0);
  await expect(list.getByText('Padrão', { exact: true })).toHaveCount(1);
  await expect(created.getByRole('button', { name: 'Tornar padrão' })).toHaveCount(0);
  expect((await readPersonas(page)).filter((persona) => persona.is_default).map((persona) => persona.name)).toEqual([
    name,
  ]);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await screenshot(page, 'admin-personas-1366x768.png');

  // The default cannot be deleted: confirming shows the server's message and the persona stays.
  await created.getByRole('button', { name: 'Excluir' }).click();
  await page
    .getByRole('dialog', { name: `Excluir a persona ${name}?` })
    .getByRole('button', { name: 'Excluir' })
    .click();
  await expect(created.getByRole('alert')).toHaveText('Escolha outra persona padrão antes de excluir esta');
  await expect(created).toBeVisible();
  await created.scrollIntoViewIfNeeded();
  await screenshot(page, 'admin-personas-refused-1366x768.png');

  // The previous default back, the new persona can go; cancelling first keeps it.
  await previousItem.getByRole('button', { name: 'Tornar padrão' }).click();
  await confirmDefault(page, previousDefault.name);
  await expect(previousItem.getByText('Padrão', { exact: true })).toBeVisible();
  await expect(created.getByText('Padrão', { exact: true })).toHaveCount(0);
  await created.getByRole('button', { name: 'Excluir' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancelar' }).click();
  await expect(created).toBeVisible();
  await created.getByRole('button', { name: 'Excluir' }).click();
  await page
    .getByRole('dialog', { name: `Excluir a persona ${name}?` })
    .getByRole('button', { name: 'Excluir' })
    .click();
  await expect(created).toHaveCount(0);
  expect((await readPersonas(page)).some((persona) => persona.name === name)).toBe(false);
});

for (const viewport of [
  { width: 1366, height: 768 },
  { width: 768, height: 1024 },
]) {
  test(`at ${viewport.width}×${viewport.height} an administrator gives Pediatria its persona, and is asked before changing the default`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await logInThroughUi(page, { ...ADMIN, cpf: '', phone: '' });
    await page.goto('/admin/personas');
    const list = page.getByRole('list', { name: 'Personas' });
    // The psychiatric persona, so the two viewports do not race on the same one.
    const name = viewport.width === 1366 ? 'Pediatra' : 'Psiquiatra';
    const specialty = viewport.width === 1366 ? 'Pediatria' : 'Psiquiatria';
    const card = list.getByRole('listitem', { name, exact: true });
    const chips = card.getByRole('list', { name: `Especialidades de ${name}` });
    await expect(chips).toContainText('Nenhuma: vale a persona padrão para todos.');

    await card.getByLabel('Adicionar especialidade').selectOption({ label: specialty });
    await card.getByRole('button', { name: 'Adicionar' }).click();
    await expect(chips.getByRole('listitem')).toHaveText([specialty]);
    await expect(page.getByTestId('toast').first()).toContainText(`${specialty} passa a usar esta persona`);
    const stored = (await readPersonas(page)).find((persona) => persona.name === name)!;
    expect(stored.specialization_ids).toHaveLength(1);
    await dismissToasts(page);
    await card.scrollIntoViewIfNeeded();
    await shoot(page, 'admin-personas-specialty');

    // "Tornar padrão" says what changes and changes nothing until confirmed.
    const defaultBefore = (await readPersonas(page)).find((persona) => persona.is_default)!;
    await card.getByRole('button', { name: 'Tornar padrão' }).click();
    const dialog = page.getByRole('dialog', { name: `Tornar ${name} a persona padrão?` });
    await expect(dialog).toContainText('As próximas anamneses de todos os profissionais passam a ser escritas');
    await expect(dialog).toContainText('com persona própria');
    await shoot(page, 'admin-personas-confirm-default');
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await expect(dialog).toBeHidden();
    expect((await readPersonas(page)).find((persona) => persona.is_default)!.id).toBe(defaultBefore.id);

    // Taking the specialty out sends it back to the default.
    await chips.getByRole('button', { name: `Retirar ${specialty}` }).click();
    await expect(chips).toContainText('Nenhuma: vale a persona padrão para todos.');
    expect((await readPersonas(page)).find((persona) => persona.name === name)!.specialization_ids).toEqual([]);
  });
}
