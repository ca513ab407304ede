import type { TAnamnesis } from '@escriba/contract';
import { expect, test, type Page } from '@playwright/test';
import { join } from 'node:path';
import { consultationApi, RECORDED_CHUNKS } from './support/consultation-api';
import { signedInProfessional } from './support/records';
import { shoot } from './support/screenshot';
import { dismissToasts } from './support/toasts';

const SIZES = [
  { width: 1366, height: 768 },
  { width: 768, height: 1024 },
];

const block = (page: Page) =>
  page.getByTestId('pane-anamnesis').getByRole('region', { name: 'Hipóteses diagnósticas (CID-10)' });
const item = (page: Page, code: string) => block(page).locator(`[data-testid="diagnosis"][data-code="${code}"]`);

test('a hypothesis found by words without accents is added, confirmed, kept after a reload, changed and removed', async ({
  page,
  request,
}) => {
  const { token, records } = await signedInProfessional(page, request);
  const { id } = await records.createConsultation({ patient: { name: 'Helena Martins' }, title: 'Retorno' });
  const saved = () =>
    page.waitForResponse((response) => response.url().endsWith('/anamnesis/diagnoses') && response.ok());
  await page.goto(`/${id}`);
  await expect(block(page).getByText('Nenhuma hipótese ainda.')).toBeVisible();

  await test.step('"Adicionar CID", words typed without accents, chosen with the keyboard', async () => {
    await block(page).getByRole('button', { name: 'Adicionar CID' }).click();
    const box = block(page).getByRole('combobox', { name: 'Adicionar CID' });
    await expect(box).toBeFocused();
    await box.pressSequentially('hipertensao essencial');
    const options = block(page).getByRole('option');
    await expect(options).toHaveText([/^I10\s*Hipertensão essencial \(primária\)/, /^O10\.0\s*Hipertensão essencial/]);
    await expect(options.first()).toHaveAttribute('aria-selected', 'true');
    // "O10.0" starts with the letter O: the shipped mono face dots its zero, so the code never reads "010.0".
    const code = options.nth(1).locator('span').first();
    await expect(code).toHaveText('O10.0');
    await expect(code).toHaveCSS('font-family', /^"Escriba Mono"/);
    await page.evaluate(() => document.fonts.ready);
    expect(await page.evaluate(() => document.fonts.check('600 16px "Escriba Mono"', 'O10.0'))).toBe(true);
    await options.nth(1).screenshot({ path: join(import.meta.dirname, 'screenshots', 'diagnoses-code-font.png') });
    await box.press('ArrowDown');
    await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
    await box.press('ArrowUp');
    await expect(box).toHaveAttribute('aria-activedescendant', (await options.first().getAttribute('id'))!);
    await block(page).scrollIntoViewIfNeeded();
    await shoot(page, 'diagnoses-search');
    const stored = saved();
    await box.press('Enter');
    await stored;
    await expect(item(page, 'I10')).toContainText('Hipertensão essencial (primária)');
    await expect(item(page, 'I10')).toContainText('a confirmar');
    await expect(box).toBeHidden();
  });

  await test.step('confirmed, and another code added by its code, left to confirm', async () => {
    const confirmed = saved();
    await item(page, 'I10').getByRole('button', { name: 'Confirmar' }).click();
    await confirmed;
    await expect(item(page, 'I10')).toContainText('confirmado');
    await expect(item(page, 'I10').getByRole('button', { name: 'Confirmar' })).toHaveCount(0);

    await block(page).getByRole('button', { name: 'Adicionar CID' }).click();
    await block(page).getByRole('combobox', { name: 'Adicionar CID' }).pressSequentially('j45');
    await expect(block(page).getByRole('option').first()).toHaveText(/^J45\s*Asma/);
    const added = saved();
    await block(page).getByRole('option').first().click();
    await added;
    await expect(item(page, 'J45')).toContainText('a confirmar');

    // A code already in the list is shown, not offered again; Esc closes the box.
    await block(page).getByRole('button', { name: 'Adicionar CID' }).click();
    const box = block(page).getByRole('combobox', { name: 'Adicionar CID' });
    await box.pressSequentially('I10');
    await expect(block(page).getByRole('option').first()).toHaveAttribute('aria-disabled', 'true');
    await expect(block(page).getByRole('option').first()).toContainText('na lista');
    await box.press('Escape');
    await expect(box).toBeHidden();
  });

  await test.step('after a reload the list is the stored one, shown at the laptop’s and the tablet’s size', async () => {
    await page.reload();
    await expect(item(page, 'I10')).toContainText('confirmado');
    await expect(item(page, 'J45')).toContainText('a confirmar');
    await expect(block(page).getByTestId('diagnosis')).toHaveCount(2);
    const anamnesis = (await (
      await request.get(`/api/v1/user/consultations/${id}/anamnesis`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as TAnamnesis;
    expect(anamnesis.diagnoses.map(({ code, confirmed }) => ({ code, confirmed }))).toEqual([
      { code: 'I10', confirmed: true },
      { code: 'J45', confirmed: false },
    ]);
    for (const size of SIZES) {
      await page.setViewportSize(size);
      // On a tablet every pane is a tab, the transcript's first while there is no note.
      if (size.width < 1024) await page.getByRole('tab', { name: 'Anamnese' }).click();
      await block(page).scrollIntoViewIfNeeded();
      await shoot(page, 'diagnoses');
    }
    await page.setViewportSize(SIZES[0]!);
  });

  await test.step('"Trocar" puts another code in its place; "Remover" asks first', async () => {
    await item(page, 'J45').getByRole('button', { name: 'Trocar' }).click();
    const box = block(page).getByRole('combobox', { name: 'Trocar J45 por' });
    await box.pressSequentially('asma alergica');
    await expect(block(page).getByRole('option').first()).toHaveText(/^J45\.0\s*Asma predominantemente alérgica/);
    const changed = saved();
    await box.press('Enter');
    await changed;
    await expect(item(page, 'J45.0')).toBeVisible();
    await expect(item(page, 'J45')).toHaveCount(0);

    await item(page, 'J45.0').getByRole('button', { name: 'Remover' }).click();
    const removed = saved();
    await page.getByRole('dialog', { name: 'Remover J45.0?' }).getByRole('button', { name: 'Remover' }).click();
    await removed;
    await expect(block(page).getByTestId('diagnosis')).toHaveCount(1);
    await expect(item(page, 'I10')).toBeVisible();
  });
});

test('a hypothesis typed as she writes it, with "suspeita de" and "com sinais de gravidade", finds the disease', async ({
  page,
  request,
}) => {
  const { records } = await signedInProfessional(page, request);
  const { id } = await records.createConsultation({ patient: { name: 'Luana Ribeiro' }, title: 'Pré-natal' });
  await page.goto(`/${id}`);
  await block(page).getByRole('button', { name: 'Adicionar CID' }).click();
  const box = block(page).getByRole('combobox', { name: 'Adicionar CID' });
  const options = block(page).getByRole('option');
  // Issue 31: "suspeita" found "suspeitadas" (O35) and the pre-eclampsia was not offered.
  await box.pressSequentially('suspeita de pre-eclampsia');
  await expect(options).toHaveText([/^O14\.0\s*Pré-eclâmpsia moderada/, /^O14\.1\s*Pré-eclâmpsia grave/, /^O14\.9/]);
  // The qualifier only breaks the tie: DATASUS's "grave" comes first.
  await box.pressSequentially(' com sinais de gravidade');
  await expect(options.first()).toHaveText(/^O14\.1\s*Pré-eclâmpsia grave/);
  await expect(options).toHaveCount(3);
  await block(page).scrollIntoViewIfNeeded();
  await shoot(page, 'diagnoses-search-qualified');
  const saved = page.waitForResponse((response) => response.url().endsWith('/anamnesis/diagnoses') && response.ok());
  await box.press('Enter');
  await saved;
  await expect(item(page, 'O14.1')).toContainText('a confirmar');
});

test('a generated note suggests codes of the table with their sources; a suggestion is confirmed', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const { token, records } = await signedInProfessional(page, request);
  const { id } = await records.createConsultation({ patient: { name: 'Helena Martins' }, title: 'Cefaleia' });
  const api = consultationApi(request, token, id);
  await api.record();
  await api.transcribed();
  await page.goto(`/${id}`);
  await expect(page.getByTestId('pane-transcript').getByTestId('transcript-line')).toHaveCount(RECORDED_CHUNKS);
  await expect(block(page).getByText('Nenhuma hipótese ainda.')).toBeVisible();

  await test.step('the note is generated: its hypotheses arrive as suggestions, each with a code of the table', async () => {
    const pane = page.getByTestId('pane-anamnesis');
    await pane.getByLabel('Modelo de anamnese').selectOption({ label: 'Anamnese completa' });
    await pane.getByRole('button', { name: 'Gerar anamnese' }).click();
    await expect(item(page, 'G44.2')).toContainText('Cefaléia tensional', { timeout: 30_000 });
    await expect(item(page, 'G44.2')).toContainText('sugerido');
    await expect(item(page, 'I10')).toContainText('Hipertensão essencial (primária)');
    await expect(item(page, 'I10')).toContainText('sugerido');
    await expect(block(page).getByTestId('diagnosis')).toHaveCount(2);
  });

  await test.step('"Fontes" lists the lines a suggestion came from and marks them in the transcript', async () => {
    await item(page, 'G44.2').getByRole('button', { name: 'Fontes' }).click();
    const sources = item(page, 'G44.2').getByRole('list', { name: 'Fontes de G44.2 Cefaléia tensional' });
    // The two lines that tell the headache: "dor de cabeça quase todo dia" and "uma faixa apertando".
    await expect(sources.getByRole('button', { name: /^Transcrição \d\d:\d\d–\d\d:\d\d$/ })).toHaveCount(2);
    const marked = page.getByTestId('pane-transcript').locator('[data-source]');
    await expect(marked).toHaveCount(2);
    await expect(marked.first()).toContainText('dor de cabeça');
    await expect(marked.last()).toContainText('faixa apertando');
    await block(page).scrollIntoViewIfNeeded();
    await shoot(page, 'diagnoses-suggested');
  });

  await test.step('confirmed, it stays confirmed after a reload; the other is still a suggestion', async () => {
    const saved = page.waitForResponse((response) => response.url().endsWith('/anamnesis/diagnoses') && response.ok());
    await item(page, 'G44.2').getByRole('button', { name: 'Confirmar' }).click();
    await saved;
    await expect(item(page, 'G44.2')).toContainText('confirmado');
    await page.reload();
    await expect(item(page, 'G44.2')).toContainText('confirmado');
    await expect(item(page, 'I10')).toContainText('sugerido');
    const anamnesis = (await (
      await request.get(`/api/v1/user/consultations/${id}/anamnesis`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as TAnamnesis;
    expect(anamnesis.diagnoses.map(({ code, confirmed, suggested }) => ({ code, confirmed, suggested }))).toEqual([
      { code: 'G44.2', confirmed: true, suggested: true },
      { code: 'I10', confirmed: false, suggested: true },
    ]);
  });

  await test.step('"Copiar para o prontuário" ends with the confirmed code; a suggestion never leaves the page', async () => {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByRole('button', { name: 'Copiar para o prontuário' }).click();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(/\n\nHipóteses diagnósticas \(CID-10\)\nG44\.2 – .+\n\nTexto redigido com auxílio/);
    expect(copied).not.toContain('I10 –');
  });

  await test.step('a suggestion whose sources are shown, changed to another code, takes its marks with it', async () => {
    await item(page, 'I10').getByRole('button', { name: 'Fontes' }).click();
    const marked = page.getByTestId('pane-transcript').locator('[data-source]');
    await expect(marked.first()).toBeVisible();

    await item(page, 'I10').getByRole('button', { name: 'Trocar' }).click();
    const box = block(page).getByRole('combobox', { name: 'Trocar I10 por' });
    await box.pressSequentially('hipertensao secundaria');
    await expect(block(page).getByRole('option').first()).toHaveText(/^I15/);
    const changed = page.waitForResponse(
      (response) => response.url().endsWith('/anamnesis/diagnoses') && response.ok(),
    );
    await box.press('Enter');
    await changed;
    await expect(item(page, 'I10')).toHaveCount(0);
    // The code chosen by hand has no sources: nothing in the other panes still says it came from there.
    await expect(marked).toHaveCount(0);
    await expect(page.getByText(/Fonte de “I10/)).toHaveCount(0);
    await dismissToasts(page);
    await block(page).scrollIntoViewIfNeeded();
    await shoot(page, 'diagnoses-changed-code');
  });
});
