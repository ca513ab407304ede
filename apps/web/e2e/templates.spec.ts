import type { TAnamnesisTemplate } from '@escriba/contract';
import { expect, test, type Page } from '@playwright/test';
import { join } from 'node:path';
import { createVerifiedUser, logInThroughApi, readSessionToken } from './support/factories';

/** The page at a laptop's size, once fonts, icons and lists have settled. */
async function shoot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await page.screenshot({
    path: join(import.meta.dirname, 'screenshots', `${name}-1366x768.png`),
    animations: 'disabled',
  });
}

/** The editor's field cards' titles, top to bottom. */
async function editorTitles(page: Page): Promise<string[]> {
  return page
    .getByRole('list', { name: 'Campos do modelo' })
    .getByLabel('Título')
    .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
}

test('a professional copies a published template, changes it, reorders its fields, saves and deletes it', async ({
  page,
  request,
}) => {
  const user = await createVerifiedUser(request);
  await logInThroughApi(page, user);
  const headers = { authorization: `Bearer ${await readSessionToken(page)}` };
  const listTemplates = async () =>
    (await (await request.get('/api/v1/user/templates/anamnesis/', { headers })).json()) as TAnamnesisTemplate[];
  const soap = (await listTemplates()).find((template) => template.published && template.name === 'SOAP')!;
  expect(soap.fields.map((field) => field.id)).toEqual(['subjetivo', 'objetivo', 'avaliacao', 'plano']);

  // The sidebar item leads to the screen; published templates are listed apart, to be copied.
  await page.getByRole('navigation').getByRole('link', { name: 'Modelos de anamnese' }).click();
  await expect(page).toHaveURL(/\/templates$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Modelos de anamnese' })).toBeVisible();
  await expect(page.getByText('Você ainda não tem modelos próprios')).toBeVisible();
  const published = page.getByRole('list', { name: 'Modelos publicados' });
  await expect(published.getByRole('listitem', { name: 'SOAP' })).toBeVisible();
  await expect(published.getByRole('link', { name: /^Editar/ })).toHaveCount(0);
  await published.getByRole('link', { name: 'Fazer uma cópia de SOAP' }).click();

  // The editor opens with the copy: name, fields and their ids.
  await expect(page.getByRole('heading', { level: 1, name: 'Copiar modelo' })).toBeVisible();
  const name = page.getByLabel('Nome do modelo');
  await expect(name).toHaveValue('Cópia de SOAP');
  expect(await editorTitles(page)).toEqual(['S — Subjetivo', 'O — Objetivo', 'A — Avaliação', 'P — Plano']);
  await name.fill('SOAP da Ana');

  // A new field: its id follows the title until typed; a taken id is refused beside the field.
  await page.getByRole('button', { name: 'Adicionar campo' }).click();
  const added = page.getByTestId('template-field').last();
  await expect(added.getByLabel('Título')).toBeFocused();
  await page.keyboard.type('Hábitos de vida');
  await expect(added.getByLabel('Identificador')).toHaveValue('habitos_de_vida');
  await added.getByLabel('Tipo de resposta').selectOption({ label: 'Lista' });
  await added.getByLabel('Instruções ao assistente').fill('Sono, atividade física, álcool e tabaco, um por linha.');
  await added.getByLabel('Identificador').fill('plano');
  await page.getByRole('button', { name: 'Criar modelo' }).click();
  await expect(added.getByText('Já existe um campo com este id')).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Verifique os campos destacados.' })).toBeVisible();
  await added.getByLabel('Identificador').fill('habitos');

  // Keyboard: focus the handle, Space picks the field up, ArrowUp moves it, Space drops it.
  const handle = added.getByRole('button', { name: 'Arrastar “Hábitos de vida”' });
  await handle.focus();
  // Each step waits for what a screen reader hears: the sensor listens for arrows only once the drag started.
  const heard = (text: RegExp) => expect(page.getByRole('status').filter({ hasText: text })).toBeAttached();
  await page.keyboard.press('Space');
  await heard(/Campo “Hábitos de vida” (pego, )?na posição 5 de 5/);
  await page.keyboard.press('ArrowUp');
  await heard(/Campo “Hábitos de vida” movido para a posição 4 de 5/);
  await page.keyboard.press('Space');
  await heard(/Campo “Hábitos de vida” solto na posição 4 de 5/);
  await expect
    .poll(() => editorTitles(page))
    .toEqual(['S — Subjetivo', 'O — Objetivo', 'A — Avaliação', 'Hábitos de vida', 'P — Plano']);

  // Buttons: "S" one step down, focus staying on the button; at the top of the list "para cima" does nothing.
  const down = page.getByRole('button', { name: 'Mover “S — Subjetivo” para baixo' });
  await down.click();
  await expect(down).toBeFocused();
  const expected = ['O — Objetivo', 'S — Subjetivo', 'A — Avaliação', 'Hábitos de vida', 'P — Plano'];
  await expect.poll(() => editorTitles(page)).toEqual(expected);
  const up = page.getByRole('button', { name: 'Mover “O — Objetivo” para cima' });
  await expect(up).toHaveAttribute('aria-disabled', 'true');
  await up.focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => editorTitles(page)).toEqual(expected);

  // The preview shows the cards as the anamnesis pane will, in the same order.
  const preview = page.getByRole('region', { name: 'Como o profissional verá' });
  await expect(preview).toContainText('SOAP da Ana · 5 campos');
  await expect(preview.getByRole('heading', { level: 3 })).toHaveText(expected);
  await expect(preview.getByRole('listitem').nth(3)).toContainText('Lista');
  await shoot(page, 'templates-editor');

  // A double click creates one template: the button stays disabled until the answer.
  await page.getByRole('button', { name: 'Criar modelo' }).dblclick();
  await expect(page).toHaveURL(/\/templates$/);
  await expect(page.getByTestId('toast').filter({ hasText: 'Modelo criado' })).toBeVisible();
  const own = page.getByRole('list', { name: 'Meus modelos' });
  await expect(own.getByRole('listitem', { name: 'SOAP da Ana' })).toContainText('5 campos');

  // Stored as shown: the order, the new field and the copy's source.
  const copies = (await listTemplates()).filter((template) => template.name === 'SOAP da Ana');
  expect(copies).toHaveLength(1);
  const saved = copies[0]!;
  expect(saved).toMatchObject({ published: false, source_template_id: soap.id });
  expect(saved.fields.map((field) => field.id)).toEqual(['objetivo', 'subjetivo', 'avaliacao', 'habitos', 'plano']);
  expect(saved.fields[3]).toEqual({
    id: 'habitos',
    title: 'Hábitos de vida',
    instructions: 'Sono, atividade física, álcool e tabaco, um por linha.',
    kind: 'list',
  });
  await shoot(page, 'templates-list');

  // Editing one's own template replaces it whole: renamed, a field removed.
  await own.getByRole('link', { name: 'Editar SOAP da Ana' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Editar modelo' })).toBeVisible();
  await expect.poll(() => editorTitles(page)).toEqual(expected);
  await page.getByLabel('Nome do modelo').fill('SOAP revisado');
  await page.getByRole('button', { name: 'Remover “P — Plano”' }).click();
  await page.getByRole('button', { name: 'Salvar modelo' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Modelo salvo' })).toBeVisible();
  await expect(own.getByRole('listitem', { name: 'SOAP revisado' })).toContainText('4 campos');
  const edited = (await listTemplates()).find((template) => template.id === saved.id)!;
  expect(edited.fields.map((field) => field.id)).toEqual(['objetivo', 'subjetivo', 'avaliacao', 'habitos']);

  // Deleting asks first, then the template is gone from the list and the server.
  await own.getByRole('button', { name: 'Excluir SOAP revisado' }).click();
  const dialog = page.getByRole('dialog', { name: 'Excluir o modelo?' });
  await expect(dialog).toContainText('As anamneses já escritas com ele não mudam.');
  await dialog.getByRole('button', { name: 'Excluir modelo' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Modelo excluído' })).toBeVisible();
  await expect(page.getByText('Você ainda não tem modelos próprios')).toBeVisible();
  expect((await listTemplates()).some((template) => template.id === saved.id)).toBe(false);
});
