import type { TAdminPrompt, TAdminTemplate } from '@escriba/contract';
import { expect, test, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { logInThroughUi, readSessionToken } from './support/factories';
import { HOLD_INSTRUCTION, releaseAnswer } from './support/held-answers';
import { ADMIN } from './support/ports';
import { dismissToasts } from './support/toasts';

const SCREENSHOTS = join(import.meta.dirname, 'screenshots');

async function readApi<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(`/api/v1${path}`, {
    headers: { authorization: `Bearer ${await readSessionToken(page)}` },
  });
  expect(response.ok()).toBe(true);
  return (await response.json()) as T;
}

/** A screenshot without toasts, so they do not cover the page. */
async function screenshot(page: Page, name: string) {
  await dismissToasts(page);
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: join(SCREENSHOTS, name), animations: 'disabled' });
}

async function confirmDeletion(page: Page, name: string) {
  await page
    .getByRole('dialog', { name: `Excluir o prompt ${name}?` })
    .getByRole('button', { name: 'Excluir' })
    .click();
}

test('an administrator versions the anamnesis prompt, compares versions, activates and deletes prompts, and tests one', async ({
  page,
}) => {
  await logInThroughUi(page, { ...ADMIN, cpf: '', phone: '' });
  await page.getByRole('link', { name: 'Prompts' }).click();
  await expect(page).toHaveURL(/\/admin\/prompts$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Prompts' })).toBeVisible();

  // One section per purpose, with Portuguese titles; the seeded anamnesis prompt is the active one.
  for (const title of ['Anamnese', 'Reescrita de campo', 'Condensação de transcrição']) {
    await expect(page.getByRole('heading', { level: 2, name: title, exact: true })).toBeVisible();
  }
  const seeded = (await readApi<TAdminPrompt[]>(page, '/admin/prompt/')).find(
    (prompt) => prompt.purpose === 'anamnesis' && prompt.seeded,
  )!;
  const anamnesis = page.getByRole('region', { name: 'Anamnese', exact: true });
  const seededItem = anamnesis.getByRole('listitem', { name: seeded.name, exact: true });
  await expect(seededItem.getByText('Ativo', { exact: true })).toBeVisible();
  await expect(seededItem.getByText(`Versão ${seeded.version}`)).toBeVisible();
  await expect(seededItem.getByText('Vem com o Escriba')).toBeVisible();
  await expect(anamnesis.getByText('Ativo', { exact: true })).toHaveCount(1);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await screenshot(page, 'admin-prompts-1366x768.png');

  // A new version: one line changed, one added; the dialog says which version saving creates.
  const lines = seeded.text.split('\n');
  const changedIndex = lines.findIndex((line) => line.trim().length > 20);
  const newText = [
    ...lines.slice(0, changedIndex),
    `${lines[changedIndex]} Seja breve.`,
    ...lines.slice(changedIndex + 1),
    'Nunca invente doses de medicamentos.',
  ].join('\n');
  await seededItem.getByRole('button', { name: 'Editar' }).click();
  const edit = page.getByRole('dialog', { name: `Editar ${seeded.name}` });
  const next = seeded.version + 1;
  await expect(edit).toContainText(
    `Salvar cria a versão ${next}; as notas antigas continuam apontando para a versão que usaram`,
  );
  await edit.getByLabel('Texto').fill(newText);
  await edit.getByRole('button', { name: 'Salvar' }).click();
  await expect(edit).toBeHidden();
  await expect(seededItem.getByText(`Versão ${next}`)).toBeVisible();
  const saved = (await readApi<TAdminPrompt[]>(page, '/admin/prompt/')).find((prompt) => prompt.id === seeded.id)!;
  expect(saved.versions.map((version) => version.version)).toEqual([...seeded.versions.map((v) => v.version), next]);
  expect(saved.versions.at(-1)?.text).toBe(newText);

  // The history compares the last two versions: the changed line removed and added, the new line added,
  // each with a marker and words (for screen readers) as well as colour; nothing else is marked.
  await seededItem.getByRole('button', { name: 'Histórico' }).click();
  const history = page.getByRole('dialog', { name: `Histórico de ${seeded.name}` });
  const diff = history.getByRole('list', { name: `Diferenças da versão ${seeded.version} para a versão ${next}` });
  await expect(history.getByRole('status')).toHaveText('+ 2 linhas adicionadas · − 1 linha removida');
  await expect(diff.getByRole('listitem').filter({ hasText: 'Removida:' })).toContainText([
    `−Removida: ${lines[changedIndex]}`,
  ]);
  await expect(diff.getByRole('listitem').filter({ hasText: 'Adicionada:' })).toContainText([
    `+Adicionada: ${lines[changedIndex]} Seja breve.`,
    '+Adicionada: Nunca invente doses de medicamentos.',
  ]);
  await screenshot(page, 'admin-prompts-diff-1366x768.png');
  // Any two versions: the same one on both sides has no differences.
  await history.getByLabel('Com a versão').selectOption(String(seeded.version));
  await expect(history.getByRole('status')).toHaveText('Os textos são iguais.');
  await history.getByRole('button', { name: 'Fechar' }).click();

  // A second anamnesis prompt, created inactive, then activated: the seeded one loses the marker.
  const name = `Anamnese enxuta ${randomUUID().slice(0, 6)}`;
  await page.getByRole('button', { name: 'Novo prompt' }).click();
  const create = page.getByRole('dialog', { name: 'Novo prompt' });
  await create.getByRole('button', { name: 'Criar prompt' }).click();
  await expect(create.getByText('Informe o nome')).toBeVisible();
  await create.getByLabel('Finalidade').selectOption({ label: 'anamnese' });
  await expect(create.getByRole('checkbox', { name: 'Ativar' })).not.toBeChecked();
  await create.getByLabel('Nome').fill(name);
  // Its last line holds the answer when the prompt is tried, to see it being written (support/held-answers.ts).
  await create
    .getByLabel('Texto')
    .fill(`Escreva a anamnese em frases curtas.\nUse só o que foi dito na consulta.\n${HOLD_INSTRUCTION}`);
  await create.getByRole('button', { name: 'Criar prompt' }).click();
  await expect(create).toBeHidden();
  const createdItem = anamnesis.getByRole('listitem', { name, exact: true });
  await expect(createdItem.getByText('Versão 1')).toBeVisible();
  await expect(createdItem.getByText('Ativo', { exact: true })).toHaveCount(0);
  await createdItem.getByRole('button', { name: 'Ativar' }).click();
  await expect(createdItem.getByText('Ativo', { exact: true })).toBeVisible();
  await expect(seededItem.getByText('Ativo', { exact: true })).toHaveCount(0);
  await expect(anamnesis.getByText('Ativo', { exact: true })).toHaveCount(1);

  // The server refuses to delete the active prompt and a seeded one; the page shows its message.
  await createdItem.getByRole('button', { name: 'Excluir' }).click();
  await confirmDeletion(page, name);
  await expect(createdItem.getByRole('alert')).toHaveText('Ative outro prompt de anamnese antes de excluir este');
  await seededItem.getByRole('button', { name: 'Excluir' }).click();
  await confirmDeletion(page, seeded.name);
  await expect(seededItem.getByRole('alert')).toHaveText(
    'Este prompt vem com o Escriba e não pode ser excluído: desative-o',
  );

  // "Testar" with the new prompt, a persona and a small template: a spinner, then one card per field.
  const template = (await readApi<TAdminTemplate[]>(page, '/admin/template/')).find((item) => item.name === 'Retorno')!;
  const panel = page.getByRole('region', { name: 'Testar' });
  await panel.scrollIntoViewIfNeeded();
  await expect(panel.getByLabel('Prompt de anamnese')).toHaveValue(
    (await readApi<TAdminPrompt[]>(page, '/admin/prompt/')).find((prompt) => prompt.name === name)!.id,
  );
  await panel.getByLabel('Persona').selectOption({ label: 'Pediatra' });
  await panel.getByLabel('Modelo de anamnese').selectOption(template.id);
  await panel.getByRole('button', { name: 'Testar' }).click();
  await expect(
    panel.getByRole('status').filter({ hasText: 'Escrevendo a anamnese da consulta de exemplo' }),
  ).toBeVisible();
  await releaseAnswer(page.request, 'anamnese');
  const fields = panel.getByRole('list', { name: 'Campos gerados' }).getByRole('listitem');
  await expect(fields).toHaveCount(template.fields.length, { timeout: 30_000 });
  for (const [index, field] of template.fields.entries()) {
    await expect(fields.nth(index).getByRole('heading', { name: field.title })).toBeVisible();
  }
  // The medication field is written from the sample's lines and names the segments it came from.
  const medication = panel.getByRole('listitem', { name: 'Medicações em uso' });
  await expect(medication).toContainText(/losartana/i);
  await expect(medication).toContainText(/Trechos? [\d, e]+ da conversa/);
  await panel.scrollIntoViewIfNeeded();
  await screenshot(page, 'admin-prompts-test-1366x768.png');

  // The seeded prompt active again, as the generator of the other tests expects; then the new one can go.
  await seededItem.getByRole('button', { name: 'Ativar' }).click();
  await expect(seededItem.getByText('Ativo', { exact: true })).toBeVisible();
  await createdItem.getByRole('button', { name: 'Excluir' }).click();
  await confirmDeletion(page, name);
  await expect(createdItem).toHaveCount(0);
  const remaining = await readApi<TAdminPrompt[]>(page, '/admin/prompt/');
  expect(remaining.some((prompt) => prompt.name === name)).toBe(false);
  expect(remaining.find((prompt) => prompt.id === seeded.id)?.active).toBe(true);
});

// The e2e server has a language model, so its "not configured" answer (503, the server's own sentence) is played
// back to the page here: what is checked is how the panel says it.
test('the "Testar" panel says when text generation is not configured', async ({ page }) => {
  await logInThroughUi(page, { ...ADMIN, cpf: '', phone: '' });
  await page.route('**/api/v1/admin/prompt/test', (route) =>
    route.fulfill({
      status: 503,
      json: { detail: 'A geração de texto não está configurada neste servidor (LLM_URL).' },
    }),
  );
  await page.goto('/admin/prompts');
  const panel = page.getByRole('region', { name: 'Testar' });
  await panel.getByRole('button', { name: 'Testar' }).click();
  const alert = panel.getByRole('alert');
  await expect(alert).toContainText('Geração de texto não configurada');
  await expect(alert).toContainText('A geração de texto não está configurada neste servidor (LLM_URL).');
  await expect(panel.getByRole('list', { name: 'Campos gerados' })).toHaveCount(0);
});
