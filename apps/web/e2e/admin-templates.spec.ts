import type { TAdminTemplate, TAnamnesisTemplate } from '@escriba/contract';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import {
  createVerifiedUser,
  logInThroughApi,
  logInThroughUi,
  readSessionToken,
  type TestUser,
} from './support/factories';
import { ADMIN } from './support/ports';

const ADMIN_USER: TestUser = { ...ADMIN, cpf: '', phone: '' };

/** The page at a laptop's size, from its top, once fonts, icons and lists have settled. */
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

/**
 * Drags a field by its handle with the mouse, in small steps, until it sits over `target`'s handle. Fields are tall:
 * the window is made taller for the drag so both handles sit away from the edges, where the list would scroll.
 */
async function dragByMouse(page: Page, handle: Locator, target: Locator): Promise<void> {
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: size.width, height: 1400 });
  await target.evaluate((element) => {
    element.scrollIntoView({ block: 'start' });
    window.scrollBy(0, -400);
  });
  const from = (await handle.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 20 });
  await page.mouse.up();
  await page.setViewportSize(size);
}

test('an administrator creates a template, reorders its fields by dragging, publishes it, and professionals see it', async ({
  page,
  browser,
  request,
}) => {
  const name = `Dermatologia ${randomUUID().slice(0, 6)}`;
  await logInThroughUi(page, ADMIN_USER);
  const headers = { authorization: `Bearer ${await readSessionToken(page)}` };
  const adminTemplates = async () =>
    (await (await request.get('/api/v1/admin/template/', { headers })).json()) as TAdminTemplate[];

  await page.getByRole('navigation').getByRole('link', { name: 'Modelos' }).click();
  await expect(page).toHaveURL(/\/admin\/anamnesis-templates$/);
  const table = page.getByRole('table', { name: 'Modelos' });
  const soapRow = table.getByRole('row', { name: /^SOAP/ });
  await expect(soapRow).toContainText('Do Escriba');
  await expect(soapRow.getByRole('switch', { name: 'Publicar SOAP' })).toHaveAttribute('aria-checked', 'true');
  await shoot(page, 'admin-templates-list');

  // A template shipped with Escriba cannot be deleted: the server's reason is shown.
  await soapRow.getByRole('button', { name: 'Excluir SOAP' }).click();
  await page.getByRole('dialog', { name: 'Excluir o modelo?' }).getByRole('button', { name: 'Excluir modelo' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Este modelo vem com o Escriba e não pode ser excluído: despublique-o',
  );
  expect((await adminTemplates()).some((template) => template.name === 'SOAP')).toBe(true);

  // A new template is written whole, then created unpublished.
  await page.getByRole('link', { name: 'Novo modelo' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Novo modelo' })).toBeVisible();
  await page.getByLabel('Nome do modelo').fill(name);
  await page.getByLabel('Especialidade (opcional)').selectOption({ label: 'Dermatologia' });
  const cards = page.getByTestId('template-field');
  await cards.nth(0).getByLabel('Título').fill('Queixa principal');
  for (const title of ['Lesões', 'Conduta']) {
    await page.getByRole('button', { name: 'Adicionar campo' }).click();
    // The new field's title takes the focus; typing before it lands would go to the previous field.
    await expect(cards.last().getByLabel('Título')).toBeFocused();
    await page.keyboard.type(title);
  }
  await cards.nth(1).getByLabel('Tipo de resposta').selectOption({ label: 'Lista' });
  const created = page.waitForResponse(
    (response) => response.url().endsWith('/api/v1/admin/template/') && response.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Criar modelo' }).click();
  expect((await created).status()).toBe(201);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('switch', { name: `Publicar ${name}` })).toHaveAttribute('aria-checked', 'false');
  const id = new URL(page.url()).searchParams.get('template')!;
  expect(await editorTitles(page)).toEqual(['Queixa principal', 'Lesões', 'Conduta']);

  // On a stored template each field is saved by itself through the field routes.
  await page.getByRole('button', { name: 'Adicionar campo' }).click();
  const exams = cards.nth(3);
  await expect(exams.getByLabel('Título')).toBeFocused();
  await page.keyboard.type('Exames');
  await expect(exams.getByLabel('Identificador')).toHaveValue('exames');
  const added = page.waitForResponse((response) => response.url().endsWith(`/admin/template/${id}/field`));
  await exams.getByRole('button', { name: 'Incluir campo' }).click();
  expect((await added).status()).toBe(201);
  await expect(exams.getByRole('button', { name: 'Incluir campo' })).toBeHidden();

  const lesions = cards.nth(1);
  await lesions.getByLabel('Instruções ao assistente').fill('Tipo, local, tamanho e cor de cada lesão.');
  await expect(lesions.getByText('Não salvo')).toBeVisible();
  const updated = page.waitForResponse((response) => response.url().endsWith(`/admin/template/${id}/field/lesoes`));
  await lesions.getByRole('button', { name: 'Salvar campo' }).click();
  expect((await updated).status()).toBe(200);
  await expect(lesions.getByText('Não salvo')).toBeHidden();

  // Drag and drop with the mouse: "Conduta" over "Lesões"; the whole order goes to the server at once.
  const reordered = page.waitForResponse((response) => response.url().includes(`/admin/template/${id}/field/order`));
  await dragByMouse(
    page,
    page.getByRole('button', { name: 'Arrastar “Conduta”' }),
    page.getByRole('button', { name: 'Arrastar “Lesões”' }),
  );
  const order = await reordered;
  expect(order.status()).toBe(200);
  expect(new URL(order.url()).searchParams.get('order')).toBe('queixa_principal,conduta,lesoes,exames');
  await expect.poll(() => editorTitles(page)).toEqual(['Queixa principal', 'Conduta', 'Lesões', 'Exames']);

  // The order and the fields are stored: a reload shows them as left.
  await page.reload();
  await expect.poll(() => editorTitles(page)).toEqual(['Queixa principal', 'Conduta', 'Lesões', 'Exames']);
  const stored = (await adminTemplates()).find((template) => template.id === id)!;
  expect(stored).toMatchObject({ name, published: false, seeded: false });
  expect(stored.fields.find((field) => field.id === 'lesoes')).toEqual({
    id: 'lesoes',
    title: 'Lesões',
    instructions: 'Tipo, local, tamanho e cor de cada lesão.',
    kind: 'list',
  });
  await expect(
    page.getByRole('region', { name: 'Como o profissional verá' }).getByRole('heading', { level: 3 }),
  ).toHaveText(['Queixa principal', 'Conduta', 'Lesões', 'Exames']);

  // A field changed and not saved is not dropped unasked.
  await cards.nth(3).getByLabel('Título').fill('Exames complementares');
  await page.getByRole('button', { name: 'Cancelar' }).click();
  await page
    .getByRole('dialog', { name: 'Sair sem salvar?' })
    .getByRole('button', { name: 'Continuar editando' })
    .click();
  await expect(cards.nth(3).getByLabel('Título')).toHaveValue('Exames complementares');
  await cards.nth(3).getByLabel('Título').fill('Exames');
  await expect(cards.nth(3).getByText('Não salvo')).toBeHidden();

  // Publishing offers it to every professional.
  const publish = page.getByRole('switch', { name: `Publicar ${name}` });
  await publish.click();
  await expect(publish).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByTestId('toast').filter({ hasText: 'Modelo publicado' })).toBeVisible();
  await shoot(page, 'admin-templates-editor');

  const professional = await browser.newContext();
  const professionalPage = await professional.newPage();
  await logInThroughApi(professionalPage, await createVerifiedUser(request));
  await professionalPage.getByRole('navigation').getByRole('link', { name: 'Modelos de anamnese' }).click();
  const offered = professionalPage.getByRole('list', { name: 'Modelos publicados' }).getByRole('listitem', { name });
  await expect(offered).toContainText('Dermatologia · 4 campos');
  await expect(offered).toContainText('Queixa principal · Conduta · Lesões · Exames');
  const professionalHeaders = { authorization: `Bearer ${await readSessionToken(professionalPage)}` };
  const forProfessional = (await (
    await request.get('/api/v1/user/templates/anamnesis/', { headers: professionalHeaders })
  ).json()) as TAnamnesisTemplate[];
  expect(forProfessional.find((template) => template.id === id)?.published).toBe(true);
  await professional.close();

  // Not left for other tests: deleted from the list after confirming.
  await page.getByRole('link', { name: 'Modelos', exact: true }).first().click();
  await table.getByRole('button', { name: `Excluir ${name}` }).click();
  await page.getByRole('dialog', { name: 'Excluir o modelo?' }).getByRole('button', { name: 'Excluir modelo' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Modelo excluído' })).toBeVisible();
  await expect(table.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
});
