import { expect, test, type Page } from '@playwright/test';
import { createVerifiedUser, logInThroughApi, readSessionToken } from './support/factories';
import { openVisitWithNote } from './support/generate-note';
import { shoot } from './support/screenshot';
import { dismissToasts } from './support/toasts';

/** The clipboard's plain-text and HTML parts, as a record system pasting it reads them. */
async function readClipboard(page: Page): Promise<{ text: string; html: string }> {
  return page.evaluate(async () => {
    const [item] = await navigator.clipboard.read();
    const read = async (type: string) => (item!.types.includes(type) ? (await item!.getType(type)).text() : '');
    return { text: await read('text/plain'), html: await read('text/html') };
  });
}

test('"Copiar para o prontuário" copies in the format she chose, as plain text and HTML, and remembers it', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(180_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const user = await createVerifiedUser(request, { name: 'Mariana Tavares' });
  await logInThroughApi(page, user);
  const { pane } = await openVisitWithNote(page, request, await readSessionToken(page));
  const copyButton = pane.getByRole('button', { name: 'Copiar para o prontuário' });
  const dialog = page.getByRole('dialog', { name: 'Copiar para o prontuário' });
  const copied = page.getByTestId('toast').getByText('Texto da anamnese: cole no prontuário eletrônico.');

  await test.step('by default, every field under its title; the HTML part has the titles as headings', async () => {
    await copyButton.click();
    await expect(copied).toBeVisible();
    const { text, html } = await readClipboard(page);
    expect(text).toMatch(/\n\nQueixa principal\n.+\n\nHistória da doença atual\n/);
    expect(html).toContain('<h3>Queixa principal</h3>');
    expect(html).toMatch(/<p><em>Texto redigido com auxílio de assistente de inteligência artificial/);
    await dismissToasts(page);
  });

  await test.step('compact SOAP, chosen beside the button and previewed before copying', async () => {
    await pane.getByRole('button', { name: 'Escolher o formato da cópia' }).click();
    await dialog.getByLabel('SOAP compacto (S/O/A/P)').check();
    const preview = dialog.getByLabel('Como o texto será colado');
    await expect(preview).toContainText(/^Profissional: Mariana Tavares/);
    await expect(preview).toContainText(/\nS: Identificação: .+\n\nO: /);
    await shoot(page, 'note-copy-soap');
    const shown = await preview.innerText();
    await dialog.getByRole('button', { name: 'Copiar', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(copied).toBeVisible();
    const { text, html } = await readClipboard(page);
    expect(text).toBe(shown);
    expect(text).toMatch(/\n\nS: .+\n\nO: .+\n\nA: .+\n\nP: .+\n\nTexto redigido/);
    expect(html).toMatch(/<p><strong>S:<\/strong> Identificação: /);
    await dismissToasts(page);
  });

  await test.step('the format stays chosen: after a reload the button copies SOAP at once', async () => {
    await page.reload();
    await copyButton.click();
    await expect(copied).toBeVisible();
    expect((await readClipboard(page)).text).toMatch(/\n\nS: .+\n\nO: /);
    await dismissToasts(page);
  });

  await test.step('only the fields she picks, in the note order; none picked cannot be copied', async () => {
    await pane.getByRole('button', { name: 'Escolher o formato da cópia' }).click();
    await dialog.getByLabel('Só os campos escolhidos').check();
    const fields = dialog.getByRole('group', { name: 'Campos copiados' }).getByRole('checkbox');
    for (const box of await fields.all()) await box.uncheck();
    await expect(dialog.getByText('Escolha ao menos um campo.')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Copiar', exact: true })).toBeDisabled();
    await dialog.getByLabel('Exame físico').check();
    await dialog.getByLabel('Queixa principal').check();
    await shoot(page, 'note-copy-selected-fields');
    await dialog.getByRole('button', { name: 'Copiar', exact: true }).click();
    await expect(copied).toBeVisible();
    const { text, html } = await readClipboard(page);
    expect(text).toMatch(/\n\nQueixa principal\n.+\n\nExame físico\n.+\n\nTexto redigido/);
    expect(text).not.toContain('História da doença atual');
    expect(html).toContain('<h3>Exame físico</h3>');
  });
});
