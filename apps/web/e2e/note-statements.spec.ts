import { expect, test } from '@playwright/test';
import { join } from 'node:path';
import { consultationApi } from './support/consultation-api';
import { generateNote } from './support/generate-note';
import { headacheVisit } from './support/headache-visit';
import { SLIPS_CONTEXT } from './support/llm-answers';
import { dismissToasts } from './support/toasts';

const screenshot = (name: string) => join(import.meta.dirname, 'screenshots', `${name}.png`);

test('statements not found in their sources are marked; copying the note asks to confirm or edit them first', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(180_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.setViewportSize({ width: 1366, height: 900 });
  const { token, consultation } = await headacheVisit(page, request, SLIPS_CONTEXT);
  const api = consultationApi(request, token, consultation.id);
  await api.record();
  await api.transcribed();

  await page.goto(`/${consultation.id}`);
  const pane = page.getByTestId('pane-anamnesis');
  const card = (title: string) => pane.getByTestId('anamnesis-field').filter({ hasText: title });
  await generateNote(pane);

  const story = card('História da doença atual');
  const medicines = card('Medicações em uso');
  await test.step('each slip is underlined in its field and listed with the reason and its sources', async () => {
    await expect(story.getByText('1 não confirmada')).toBeVisible();
    const storySlip = story.getByTestId('unverified-statement');
    await expect(storySlip).toContainText('“PA 150x100 mmHg.”');
    await expect(storySlip).toContainText('138x88 na fonte, 150x100 na nota');
    await expect(storySlip.getByRole('list', { name: 'Fontes de História da doença atual' })).toHaveText(
      'Contexto da consulta',
    );
    await expect(story.locator('mark')).toHaveText('PA 150x100 mmHg.');
    const doseSlip = medicines.getByTestId('unverified-statement');
    await expect(doseSlip).toContainText('dose 500 mg na fonte, 50 mg na nota');
    await expect(pane.getByTestId('unverified-statement')).toHaveCount(2);
    // The dose's source opens in the transcript, as a field's "Fontes" do.
    await doseSlip
      .getByRole('button', { name: /^Transcrição/ })
      .first()
      .click();
    const marked = page.getByTestId('pane-transcript').locator('[data-source]');
    await expect(marked.first()).toContainText('Dipirona, quinhentos miligramas');
    await story.scrollIntoViewIfNeeded();
    await page.evaluate(() => document.fonts.ready);
    await pane.screenshot({ path: screenshot('note-unverified'), animations: 'disabled' });
  });

  const dialog = page.getByRole('dialog', { name: 'Revise antes de continuar' });
  await test.step('"Copiar para o prontuário" opens the review: she confirms the pressure, and chooses to edit the dose', async () => {
    await pane.getByRole('button', { name: 'Copiar para o prontuário' }).click();
    await expect(dialog.getByTestId('statement-to-review')).toHaveCount(2);
    await expect(dialog.getByRole('button', { name: 'Copiar para o prontuário' })).toBeDisabled();
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot({ path: screenshot('note-confirm-step'), animations: 'disabled' });
    const pressure = dialog.getByTestId('statement-to-review').filter({ hasText: 'PA 150x100 mmHg.' });
    await pressure.getByRole('button', { name: 'Confirmar' }).click();
    await expect(pressure).toHaveAttribute('data-confirmed', 'true');
    // Gathered, not saved yet: choosing to edit saves her confirmation first, as one version.
    await expect(pane.getByText('Versão 1', { exact: true })).toBeVisible();
    await dialog
      .getByTestId('statement-to-review')
      .filter({ hasText: '50 mg' })
      .getByRole('button', { name: 'Editar' })
      .click();
    await expect(dialog).toBeHidden();
    await expect(pane.getByText('Versão 2', { exact: true })).toBeVisible();
    const editor = medicines.getByLabel('Texto de Medicações em uso');
    await expect(editor).toBeFocused();
    await editor.fill((await editor.inputValue()).replace('50 mg', '500 mg'));
    await medicines.getByRole('button', { name: 'Salvar' }).click();
    await expect(pane.getByText('Versão 3', { exact: true })).toBeVisible();
    await expect(pane.getByTestId('unverified-statement')).toHaveCount(0);
    await expect(story.locator('mark')).toHaveCount(0);
    await dismissToasts(page);
  });

  await test.step('nothing left to confirm: "Copiar para o prontuário" copies at once, and the provenance records her review', async () => {
    await pane.getByRole('button', { name: 'Copiar para o prontuário' }).click();
    await expect(dialog).toBeHidden();
    await expect
      .poll(() => page.evaluate(() => navigator.clipboard.readText()))
      .toContain('Dipirona, 500 mg, quase todos os dias.');
    await pane.getByText('Como esta nota foi feita').click();
    await expect(pane.getByTestId('anamnesis-provenance')).toContainText('1 frase confirmada, 1 reescrita');
    await expect(pane.getByRole('link', { name: 'Abrir PDF' })).toBeVisible();
  });
});
