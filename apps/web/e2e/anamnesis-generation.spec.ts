import { expect, test, type Page } from '@playwright/test';
import { join } from 'node:path';
import type { TAnamnesis, TEvidence, TPartialTranscript } from '@escriba/contract';
import { textPdf } from '../../server/test/evidence-files';
import { consultationApi, RECORDED_CHUNKS } from './support/consultation-api';
import { HEADACHE_PLAN, headacheVisit } from './support/headache-visit';
import { HOLD_INSTRUCTION, releaseAnswer } from './support/held-answers';
import { transcriptLine } from './support/transcript-lines';

const SIZES = [
  { width: 1366, height: 768 },
  { width: 768, height: 1024 },
];
const LAB_REPORT = [
  'Hemograma completo - 10/03/2026',
  'Hemoglobina 13,5 g/dL (12,0 a 16,0)',
  'Leucócitos 6.800 /mm3 (4.000 a 10.000)',
  'Plaquetas 245.000 /mm3 (150.000 a 450.000)',
];

/** On a tablet the panes are tabs: the one named is shown before each picture; a dialog is pictured as seen. */
async function screenshots(page: Page, name: string, pane: 'Anamnese' | 'Transcrição' | 'dialog' = 'Anamnese') {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    const tab = page.getByRole('tab', { name: pane });
    if (pane !== 'dialog' && (await tab.isVisible())) await tab.click();
    await page.screenshot({
      path: join(import.meta.dirname, 'screenshots', `${name}-${size.width}x${size.height}.png`),
      fullPage: pane !== 'dialog',
      animations: 'disabled',
    });
  }
  await page.setViewportSize(SIZES[0]!);
}

test('anamnesis: generated live from transcript and evidence, sources shown, edited, rewritten, copied', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  // The note is held after its third field, to be seen filling in (support/held-answers.ts).
  const { token, consultation } = await headacheVisit(page, request, `${HEADACHE_PLAN}\n${HOLD_INSTRUCTION}`);
  const api = consultationApi(request, token, consultation.id);

  await test.step('a recorded transcript and a lab report, both ready', async () => {
    await api.record();
    await api.addEvidence('hemograma.pdf', await textPdf(LAB_REPORT));
    await expect
      .poll(async () => {
        const transcript = await api.get<TPartialTranscript>('/partial-transcript');
        return transcript.state === 'stopped' && transcript.pending === 0;
      })
      .toBe(true);
    await expect
      .poll(async () => (await api.get<TEvidence[]>('/evidences/')).find((item) => item.kind === 'file')?.status, {
        timeout: 30_000,
      })
      .toBe('ready');
  });

  await page.goto(`/${consultation.id}`);
  const pane = page.getByTestId('pane-anamnesis');
  const cards = pane.getByTestId('anamnesis-field');
  const card = (title: string) => cards.filter({ has: page.getByRole('heading', { name: title, exact: true }) });
  const transcriptLines = page.getByTestId('pane-transcript').getByTestId('transcript-line');
  await expect(transcriptLines).toHaveCount(RECORDED_CHUNKS);
  await expect(page.getByTestId('credits')).toContainText('10 créditos');

  await test.step('choose a template and generate: the fields fill in one by one', async () => {
    const picker = pane.getByLabel('Modelo de anamnese');
    await expect(picker.locator('optgroup[label="Modelos publicados"] option')).not.toHaveCount(0);
    await picker.selectOption({ label: 'Anamnese completa' });
    await expect(pane.getByText('usa 1 crédito · você tem 10')).toBeVisible();
    await pane.getByRole('button', { name: 'Gerar anamnese' }).click();

    // Three fields written, the others still awaited while the answer is held.
    const filled = cards.and(page.locator('[data-state="ready"]'));
    await expect(filled).toHaveCount(3, { timeout: 30_000 });
    await expect(card('História da doença atual')).toHaveAttribute('data-state', 'ready');
    await expect(cards.last()).toHaveAttribute('data-state', 'waiting');
    await expect(pane.getByRole('status').filter({ hasText: 'O assistente está escrevendo' })).toBeVisible();
    await screenshots(page, 'anamnesis-generating');
    const total = await cards.count();
    expect(total).toBeGreaterThan(5);
    await releaseAnswer(request, 'anamnese');
    await expect(filled).toHaveCount(total, { timeout: 30_000 });
    await expect(pane.getByText('Versão 1', { exact: true })).toBeVisible();
    await expect(page.getByTestId('credits')).toContainText('9 créditos');
  });

  await test.step('the stored note: fields written from the sources, "Não informado" where nothing supports them', async () => {
    await expect(card('Medicações em uso')).toContainText('Dipirona, quinhentos miligramas');
    await expect(card('História da doença atual')).toContainText('Hemoglobina 13,5 g/dL');
    await expect(card('Antecedentes familiares').getByText('Não informado', { exact: true }).first()).toBeVisible();
    await expect(pane.getByRole('group', { name: 'Ações de Antecedentes familiares' })).not.toContainText('Fontes');
    await pane.getByText('Como esta nota foi feita').click();
    await expect(pane.getByTestId('anamnesis-provenance')).toContainText('Anamnese completa');
    await expect(pane.getByTestId('anamnesis-provenance')).toContainText('1 evidência');
    await pane.getByText('Como esta nota foi feita').click();
    await screenshots(page, 'anamnesis-note');
  });

  await test.step('"Fontes" marks the source segments in the transcript and lists them in the card', async () => {
    const story = card('História da doença atual');
    await story.getByRole('button', { name: 'Fontes' }).click();
    const sources = story.getByRole('list', { name: 'Fontes de História da doença atual' });
    await expect(sources.getByRole('button', { name: /^Transcrição \d\d:\d\d–\d\d:\d\d$/ }).first()).toBeVisible();
    const marked = page.getByTestId('pane-transcript').locator('[data-source]');
    await expect(marked.first()).toBeVisible();
    await expect(marked.first()).toBeInViewport();
    await expect(marked.first()).toContainText(transcriptLine(1));
    const storedNote = await api.get<TAnamnesis>('/anamnesis');
    const storySources = storedNote.latest!.fields.find((field) => field.field_id === 'historia_doenca_atual')!.sources;
    await expect(marked).toHaveCount(storySources.transcript.length);
    await screenshots(page, 'anamnesis-sources', 'Transcrição');

    // A file's chip opens the Evidências tab on it, though the field has transcript sources too.
    await sources.getByRole('button', { name: 'hemograma.pdf, p. 1' }).click();
    await expect(page.getByRole('tab', { name: 'Evidências' })).toHaveAttribute('aria-selected', 'true');
    const markedFile = page.getByTestId('pane-evidence').locator('[data-source]');
    await expect(markedFile).toContainText('Fonte de “História da doença atual”: p. 1');
    await expect(markedFile).toBeInViewport();
    await expect(sources.getByRole('button', { name: 'Contexto da consulta' })).toHaveCount(0);

    const plan = card('Conduta');
    await plan.getByRole('button', { name: 'Fontes' }).click();
    await expect(plan.getByRole('list', { name: 'Fontes de Conduta' })).toHaveText('Contexto da consulta');
    await expect(marked).toHaveCount(0);
    await plan.getByRole('button', { name: 'Fontes' }).click();
  });

  await test.step('edit one field by hand: saved as a new version', async () => {
    const complaint = card('Queixa principal');
    await complaint.getByRole('button', { name: 'Editar' }).click();
    await complaint.getByLabel('Texto de Queixa principal').fill('"Dor de cabeça quase todo dia" há três semanas.');
    await complaint.getByRole('button', { name: 'Salvar' }).click();
    await expect(complaint.getByTestId('anamnesis-field-text')).toHaveText(
      '"Dor de cabeça quase todo dia" há três semanas.',
    );
    await expect(complaint.getByText('Editado')).toBeVisible();
    await expect(pane.getByText('Versão 2', { exact: true })).toBeVisible();
  });

  await test.step('rewrite one field with an instruction', async () => {
    const medications = card('Medicações em uso');
    await medications.getByRole('button', { name: 'Reescrever' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reescrever "Medicações em uso"' });
    await dialog.getByRole('button', { name: 'Acrescente a posologia citada' }).click();
    await expect(dialog.getByLabel('Instrução')).toHaveValue('Acrescente a posologia citada');
    await screenshots(page, 'anamnesis-rewrite', 'dialog');
    await dialog.getByRole('button', { name: 'Reescrever · 1 crédito' }).click();
    await expect(dialog).toBeHidden();
    await expect(medications.getByTestId('anamnesis-field-text')).toContainText('Posologia citada:');
    await expect(pane.getByText('Versão 3', { exact: true })).toBeVisible();
    await expect(pane.getByLabel('Versão da anamnese')).toContainText('reescrita de Medicações em uso');
    await expect(page.getByTestId('credits')).toContainText('8 créditos');
  });

  await test.step('copy the whole note as plain text for the record', async () => {
    await pane.getByRole('button', { name: 'Copiar para o prontuário' }).click();
    await expect(
      page.getByTestId('toast').getByText('Texto da anamnese: cole no prontuário eletrônico.'),
    ).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(
      /^Profissional: .+\n(.+\n){2}\nIdentificação\nHelena Martins, \d+ anos, sexo feminino\.\n\n/,
    );
    expect(copied).toContain('Queixa principal\n"Dor de cabeça quase todo dia" há três semanas.\n\n');
    expect(copied).toContain('Posologia citada:');
    expect(copied).toContain('Antecedentes familiares\nNão informado');

    await card('Alergias').getByRole('button', { name: 'Copiar' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      (await api.get<TAnamnesis>('/anamnesis')).latest!.fields.find((field) => field.field_id === 'alergias')!.text,
    );
  });

  await test.step('print: only the note, headed by the professional, the patient and the date', async () => {
    await page.evaluate(() => {
      window.print = () => document.body.setAttribute('data-printed', 'true');
    });
    await pane.getByRole('button', { name: 'Imprimir / salvar PDF' }).click();
    await expect(page.locator('body')).toHaveAttribute('data-printed', 'true');
    await page.emulateMedia({ media: 'print' });
    const printed = page.locator('#anamnesis-print');
    await expect(printed).toBeVisible();
    await expect(printed.getByRole('heading', { level: 1 })).toHaveText('Anamnese');
    await expect(printed).toContainText('Paciente: Helena Martins · nascimento em 03/05/1972');
    await expect(printed).toContainText('Posologia citada:');
    await expect(page.getByTestId('pane-anamnesis')).toBeHidden();
    await page.emulateMedia({ media: 'screen' });
    await expect(printed).toBeHidden();
  });
});
