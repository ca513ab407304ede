import { expect, test, type Locator, type Page } from '@playwright/test';
import { DOCUMENT_KIND_TITLES, type TDocument, type TDocumentList } from '@escriba/contract';
import { consultationApi, RECORDED_CHUNKS } from './support/consultation-api';
import { generateNote } from './support/generate-note';
import { HEADACHE_PLAN, headacheVisit } from './support/headache-visit';
import { HOLD_INSTRUCTION, releaseAnswer } from './support/held-answers';
import { PROVIDER_FAILURE_INSTRUCTION } from './support/llm-answers';
import { shoot } from './support/screenshot';
import { dismissToasts } from './support/toasts';
import { transcriptLine } from './support/transcript-lines';

const SIZES = [
  { width: 1366, height: 768 },
  { width: 768, height: 1024 },
];

/**
 * The documents as a clinician finds them, at both sizes: under the note on a laptop (scrolled to), their own tab on
 * a tablet; `focus` is what should be in sight.
 */
async function screenshots(page: Page, name: string, focus: Locator) {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    const tab = page.getByRole('tab', { name: 'Documentos' });
    if (await tab.isVisible()) await tab.click();
    await focus.evaluate((element) => element.scrollIntoView({ block: 'start' }));
    await page.evaluate(() => window.scrollBy(0, -16));
    await shoot(page, name);
  }
  await page.setViewportSize(SIZES[0]!);
  await focus.evaluate((element) => element.scrollIntoView({ block: 'start' }));
}

test('documents: a receita and the orientações written live, edited line by line, saved, sourced, printed, deleted', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(150_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const { token, consultation } = await headacheVisit(page, request, HEADACHE_PLAN);
  const api = consultationApi(request, token, consultation.id);
  await api.record();
  await api.transcribed();

  await page.goto(`/${consultation.id}`);
  await expect(page.getByTestId('pane-transcript').getByTestId('transcript-line')).toHaveCount(RECORDED_CHUNKS);
  const notePane = page.getByTestId('pane-anamnesis');
  await test.step('before the note, the documents are a tab of the side panel, beside the next step', async () => {
    const tab = page.getByRole('tab', { name: 'Documentos' });
    await tab.click();
    await expect(page.getByTestId('pane-documents').getByRole('list', { name: 'Tipos de documento' })).toBeVisible();
    // Four tabs beside the transcript: the others keep their icon and their name for a screen reader.
    await expect(page.getByRole('tab', { name: 'Evidências' })).toBeVisible();
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await shoot(page, 'documents-before-note');
    await page.getByRole('tab', { name: 'Anamnese' }).click();
  });
  await generateNote(notePane);

  const pane = page.getByTestId('pane-documents');
  const documents = pane.getByTestId('document');
  const detail = pane.getByTestId('document-detail');
  const part = (name: string) => detail.getByRole('listitem', { name, exact: true });
  const waiting = detail.locator('[data-state="waiting"]');

  await test.step('under the note: the six documents as choices, with what each holds and its cost', async () => {
    // On a laptop the documents follow the note in the same column; the side panel has no tab for them.
    await expect(page.getByRole('tab', { name: 'Documentos' })).toBeHidden();
    const noteBox = (await notePane.boundingBox())!;
    const box = (await pane.boundingBox())!;
    expect(box.y).toBeGreaterThan(noteBox.y + noteBox.height);
    expect(Math.abs(box.x - noteBox.x)).toBeLessThan(1);

    const kinds = pane.getByRole('list', { name: 'Tipos de documento' }).getByRole('button');
    await expect(kinds).toHaveCount(6);
    for (const title of Object.values(DOCUMENT_KIND_TITLES)) {
      await expect(kinds.filter({ hasText: title })).toBeVisible();
    }
    await expect(kinds.filter({ hasText: 'Atestado' })).toContainText('CID só se o paciente autorizar');
    await expect(pane.getByText('Cada documento usa 1 crédito · você tem 9.')).toBeVisible();
    await dismissToasts(page);
    await screenshots(page, 'documents-empty', pane);
  });

  await test.step('a receita: asked for, it fills in part by part', async () => {
    await pane.getByRole('button', { name: /^Receita/ }).click();
    const form = pane.getByRole('form', { name: 'Gerar Receita' });
    await expect(form.getByLabel('Instruções para o assistente (opcional)')).toBeVisible();
    await expect(form.getByText('Incluir CID')).toHaveCount(0);
    await form.getByLabel('Instruções para o assistente (opcional)').fill(HOLD_INSTRUCTION);
    await form.getByRole('button', { name: 'Gerar receita' }).click();

    await expect(documents).toHaveCount(1);
    await expect(documents.first()).toContainText('Gerando');
    // The lines are awaited (the answer is held after the model's own type, which the server leaves to the lines).
    await expect(part('Medicamentos: aguardando o assistente')).toBeVisible({ timeout: 30_000 });
    await expect(waiting).toHaveCount(1);
    await expect(part('Medicamentos: aguardando o assistente')).toBeVisible();
    await releaseAnswer(request, 'receita');
    await expect(documents.first()).toContainText('Pronto para revisar', { timeout: 30_000 });
    await expect(waiting).toHaveCount(0);
    await expect(page.getByTestId('credits')).toContainText('8 créditos');
  });

  const line = (number: number) => part(`Medicamento ${number}`);
  const lines = detail.getByRole('list', { name: 'Medicamentos' }).getByTestId('document-part');

  await test.step('each line with what was said; what was not says so', async () => {
    await expect(detail.getByText('Receita simples')).toBeVisible();
    await expect(lines).toHaveCount(2);
    await expect(line(1).getByRole('heading')).toHaveText('1. Dipirona');
    await expect(line(1)).toContainText('500 mg');
    await expect(line(1).getByText('não mencionado na consulta')).toHaveCount(4);
    await expect(line(2).getByRole('heading')).toHaveText('2. Losartana');
    await expect(line(2)).toContainText('Tomar de manhã');
    await expect(line(2)).toContainText('Uso contínuo');
    await dismissToasts(page);
    await screenshots(page, 'documents-receita', pane);
  });

  await test.step('"Fontes" of a line marks where it was said in the transcript', async () => {
    await line(2).getByRole('button', { name: 'Fontes' }).click();
    await expect(line(2).getByRole('list', { name: 'Fontes de Medicamento 2' })).toBeVisible();
    const marked = page.getByTestId('pane-transcript').locator('[data-source]');
    await expect(marked).toHaveCount(1);
    await expect(marked).toContainText(transcriptLine(15));
    await expect(marked).toBeInViewport();
    await line(2).getByRole('button', { name: 'Fontes' }).click();
    await expect(marked).toHaveCount(0);
  });

  const receitaId = (await api.get<TDocumentList>('/documents'))[0]!.id;
  await test.step('edit: a line changed, one added, one removed; saved as version 2', async () => {
    await detail.getByRole('button', { name: 'Editar' }).click();
    await line(2).getByLabel('Quantidade').fill('30 comprimidos');
    await line(2).getByLabel('Forma').fill('comprimido');
    await detail.getByRole('button', { name: 'Adicionar medicamento' }).click();
    await expect(lines).toHaveCount(3);
    await line(3).getByLabel('Medicamento').fill('Amitriptilina');
    await line(3).getByLabel('Dose / concentração').fill('25 mg');
    await line(3).getByLabel('Posologia').fill('1 comprimido à noite');
    await line(2).evaluate((element) => element.scrollIntoView({ block: 'start' }));
    await shoot(page, 'documents-receita-editing');
    await line(1).getByRole('button', { name: 'Remover' }).click();
    await expect(lines).toHaveCount(2);
    await detail.getByRole('button', { name: 'Salvar nova versão' }).click();
    await expect(page.getByTestId('toast').getByText('Versão 2')).toBeVisible();
    await expect(documents.first()).toContainText('Editado · versão 2');
    await expect(line(1).getByRole('heading')).toHaveText('1. Losartana');
    await expect(line(1)).toContainText('30 comprimidos');
    await expect(line(2).getByRole('heading')).toHaveText('2. Amitriptilina');
    // The amitriptilina (list C1) makes it a receita de controle especial.
    await expect(line(2).getByText('Controle especial C1', { exact: true })).toBeVisible();
    await expect(detail.getByTestId('prescription-type')).toContainText('Receita de controle especial');
  });

  await test.step('a save over a version another tab saved first keeps the edit, to save over the newer one', async () => {
    await detail.getByRole('button', { name: 'Editar' }).click();
    await line(2).getByLabel('Quantidade').fill('30 comprimidos');
    const stored = await api.get<TDocument>(`/documents/${receitaId}`);
    if (stored.kind !== 'receita' || !stored.content) throw new Error('the receita has no content');
    const [first, ...rest] = stored.content.items;
    await api.put(`/documents/${receitaId}`, {
      base_version: stored.version,
      content: { ...stored.content, items: [{ ...first!, route: 'oral' }, ...rest] },
    });
    await detail.getByRole('button', { name: 'Salvar nova versão' }).click();
    const conflict = detail.getByRole('status').filter({ hasText: 'O documento foi alterado em outra aba' });
    await expect(conflict).toBeVisible();
    await conflict.getByRole('button', { name: 'Manter minhas alterações sobre a versão mais nova' }).click();
    await expect(conflict).toBeHidden();
    await expect(line(2).getByLabel('Quantidade')).toHaveValue('30 comprimidos');
    await detail.getByRole('button', { name: 'Salvar nova versão' }).click();
    await expect(documents.first()).toContainText('Editado · versão 4');
  });

  await test.step('after a reload the edit is there', async () => {
    await page.reload();
    await pane.getByRole('button', { name: /^Receita/ }).click();
    await expect(lines).toHaveCount(2);
    await expect(line(1)).toContainText('30 comprimidos');
    await expect(line(2).getByRole('heading')).toHaveText('2. Amitriptilina');
    await expect(line(2)).toContainText('1 comprimido à noite');
    await expect(detail).toContainText('Versão 4 · editada por você');
  });

  await test.step('copied as plain text, and printed alone, headed by who prescribes and for whom', async () => {
    await detail.getByRole('button', { name: 'Copiar' }).click();
    // Nothing is left unconfirmed (her lines are hers), but it leaves the page only after her review: once.
    const review = page.getByRole('dialog', { name: 'Revise antes de continuar' });
    await review.getByRole('button', { name: 'Revisei: copiar' }).click();
    await expect(review).toBeHidden();
    await expect(detail).toContainText('Versão 5');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(/^Profissional: .+\nPaciente: Helena Martins · nascimento em 03\/05\/1972\n/);
    expect(copied).toContain(
      '\n\nReceita\n\nControle especial\n\n1. Losartana 50 mg, comprimido\nQuantidade: 30 comprimidos\nPosologia: Tomar de manhã\nUso contínuo\n\n2. Amitriptilina 25 mg\nQuantidade: 30 comprimidos\nPosologia: 1 comprimido à noite\n\n',
    );

    await page.evaluate(() => {
      window.print = () => document.body.setAttribute('data-printed', 'true');
    });
    await detail.getByRole('button', { name: 'Imprimir' }).click();
    await expect(page.locator('body')).toHaveAttribute('data-printed', 'true');
    await page.emulateMedia({ media: 'print' });
    const printed = page.locator(`#document-print-${receitaId}`);
    await expect(printed).toBeVisible();
    await expect(page.locator('#anamnesis-print')).toBeHidden();
    await expect(pane).toBeHidden();
    // Controle especial: two copies, the pharmacy's and the patient's.
    await expect(printed.getByRole('heading', { level: 1, name: 'Receita' })).toHaveCount(2);
    await expect(printed).toContainText('1ª via — farmácia');
    await expect(printed).toContainText('2ª via — paciente');
    await expect(printed).toContainText('1. Losartana 50 mg, comprimido');
    await page.emulateMedia({ media: 'screen' });
    await pane.getByRole('button', { name: /^Receita/ }).click();
  });

  await test.step('"Abrir PDF" opens the server\'s PDF of the saved version in a new tab', async () => {
    await pane.getByRole('button', { name: /^Receita/ }).click();
    const [tab] = await Promise.all([
      page.context().waitForEvent('page'),
      detail.getByRole('link', { name: 'Abrir PDF' }).click(),
    ]);
    const response = await tab.request.get(tab.url());
    expect(response.headers()['content-type']).toBe('application/pdf');
    expect((await response.body()).subarray(0, 5).toString()).toBe('%PDF-');
    await tab.close();
    // Signing asks for the certificate first: without one, the dialog sends her to the profile.
    await detail.getByRole('button', { name: 'Assinar PDF' }).click();
    const dialog = page.getByRole('dialog', { name: 'Assinar receita' });
    await expect(dialog).toContainText(
      'Cadastre seu certificado digital A1 ou conecte um certificado em nuvem no Perfil',
    );
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await pane.getByRole('button', { name: /^Receita/ }).click();
  });

  await test.step('the orientações: asked for, filled in part by part, in plain words', async () => {
    await pane.getByRole('button', { name: 'Novo documento' }).click();
    await pane.getByRole('button', { name: /^Orientações ao paciente/ }).click();
    await pane.getByLabel('Instruções para o assistente (opcional)').fill(HOLD_INSTRUCTION);
    await pane.getByRole('button', { name: 'Gerar orientações ao paciente' }).click();
    await expect(documents).toHaveCount(2);
    const guidance = documents.first();
    await expect(guidance).toContainText('Orientações ao paciente');
    // What to do has come; the warning signs and when to return are still awaited.
    const todo = detail.getByRole('list', { name: 'O que fazer' });
    await expect(todo.getByTestId('document-part-text')).toHaveText(['Higiene do sono.', 'Reduzir a dipirona.'], {
      timeout: 30_000,
    });
    await expect(waiting).toHaveCount(2);
    await expect(part('Quando voltar: aguardando o assistente')).toBeVisible();
    await releaseAnswer(request, 'orientacoes');
    await expect(guidance).toContainText('Pronto para revisar', { timeout: 30_000 });
    await expect(waiting).toHaveCount(0);

    await expect(detail.getByRole('list', { name: /^Sinais de alerta/ })).toContainText(
      'Procure um pronto-socorro se tiver febre, perda de força, formigamento ou alteração na visão.',
    );
    await expect(part('Quando voltar')).toContainText('Volte em 30 dias com diário da dor.');
    await expect(page.getByTestId('credits')).toContainText('7 créditos');
    await dismissToasts(page);
    await screenshots(page, 'documents-orientacoes', pane);
  });

  await test.step('a failed generation says so and returns the credit; the failed document is deleted', async () => {
    await pane.getByRole('button', { name: 'Novo documento' }).click();
    await pane.getByRole('button', { name: /^Atestado/ }).click();
    const form = pane.getByRole('form', { name: 'Gerar Atestado' });
    await expect(form.getByText('Incluir CID (somente com autorização do paciente)')).toBeVisible();
    await expect(form).toContainText('O CFM só permite o diagnóstico no atestado quando o paciente autoriza.');
    await form.getByLabel('Instruções para o assistente (opcional)').fill(PROVIDER_FAILURE_INSTRUCTION);
    await form.getByRole('button', { name: 'Gerar atestado' }).click();
    const failed = detail.getByRole('alert').filter({ hasText: 'Atestado: o documento não foi gerado' });
    await expect(failed).toBeVisible({ timeout: 30_000 });
    await expect(failed).toContainText('devolvido');
    await expect(documents.first()).toContainText('Não gerado · crédito devolvido');
    await expect(page.getByTestId('credits')).toContainText('7 créditos');

    await failed.getByRole('button', { name: 'Excluir' }).click();
    await page.getByRole('dialog', { name: 'Excluir atestado?' }).getByRole('button', { name: 'Excluir' }).click();
    await expect(documents).toHaveCount(2);
    await expect.poll(async () => (await api.get<TDocumentList>('/documents')).length).toBe(2);
  });
});
