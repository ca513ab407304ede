import { expect, test, type APIRequestContext } from '@playwright/test';
import type { TDocumentList, TDocumentOf } from '@escriba/contract';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { consultationApi } from './support/consultation-api';
import { headacheVisit } from './support/headache-visit';
import { shoot } from './support/screenshot';

const SCREENSHOTS = join(import.meta.dirname, 'screenshots');
const NO_SOURCES = { transcript: [], evidence: [], user_context: false };

/** A receita line the professional wrote herself. */
const line = (medication: string, dose: string, instructions: string, quantity: string) => ({
  medication,
  dose,
  form: 'comprimido',
  quantity,
  instructions,
  route: 'oral',
  continuous: false,
  sources: NO_SOURCES,
});

/** The receita's PDF (the preview, without a digital signature), its first page as a picture to look at. */
async function pdfFirstPage(request: APIRequestContext, url: string, headers: Record<string, string>, name: string) {
  const response = await request.get(url, { headers });
  expect(response.headers()['content-type']).toBe('application/pdf');
  const folder = mkdtempSync(join(tmpdir(), 'escriba-receita-'));
  try {
    const pdf = join(folder, 'receita.pdf');
    writeFileSync(pdf, await response.body());
    execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', '-singlefile', pdf, join(SCREENSHOTS, name)]);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

test('a receita’s type follows its medications: each line says its list and why, and a notificação is not issued', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { token, consultation } = await headacheVisit(page, request);
  const api = consultationApi(request, token, consultation.id);
  const headers = { authorization: `Bearer ${token}` };
  const base = `/api/v1/user/consultations/${consultation.id}`;
  expect((await request.post(`${base}/documents/receita`, { headers, data: {} })).status()).toBe(202);
  await expect
    .poll(async () => (await api.get<TDocumentList>('/documents')).map((each) => each.status), { timeout: 60_000 })
    .toEqual(['ready']);
  const { id } = (await api.get<TDocumentList>('/documents'))[0]!;
  const save = (base_version: number, items: ReturnType<typeof line>[]) =>
    api.put<TDocumentOf<'receita'>>(`/documents/${id}`, { base_version, content: { type: 'simples', items } });

  const edited = await save(1, [
    line(
      'Amoxicilina + clavulanato de potássio',
      '875/125 mg',
      '1 comprimido de 12 em 12 horas por 7 dias',
      '14 comprimidos',
    ),
    line('Sertralina', '50 mg', '1 comprimido pela manhã', '30 comprimidos'),
    line('Dipirona', '500 mg', '1 comprimido de 6 em 6 horas se dor', '10 comprimidos'),
  ]);
  expect(edited.content!.type).toBe('controle_especial');

  await page.setViewportSize({ width: 768, height: 1024 });
  await page.goto(`/${consultation.id}`);
  await page.getByRole('tab', { name: 'Documentos' }).click();
  const pane = page.getByTestId('pane-documents');
  const detail = pane.getByTestId('document-detail');
  const lines = detail.getByRole('list', { name: 'Medicamentos' }).getByTestId('document-part');
  const item = pane.getByRole('button', { name: /^Receita/ });

  await test.step('controle especial: each line’s badge, its reason on focus, and the type with why under the lines', async () => {
    await item.click();
    await expect(lines).toHaveCount(3);
    const amoxicilina = lines.nth(0).getByText('Antimicrobiano', { exact: true });
    await expect(amoxicilina).toBeVisible();
    await expect(lines.nth(1).getByText('Controle especial C1', { exact: true })).toBeVisible();
    await expect(lines.nth(2).getByRole('tooltip')).toHaveCount(0);
    const type = detail.getByTestId('prescription-type');
    await expect(type).toContainText(
      'Receita de controle especial (Portaria 344/98): Sertralina. Duas vias (1ª via retida pela farmácia). Amoxicilina + ácido clavulânico: antimicrobiano, válido por 10 dias.',
    );
    await expect(detail.getByRole('button', { name: 'Emitir PDF' })).toBeVisible();

    // The reason shows on keyboard focus (and on hover), named as the badge's description.
    await amoxicilina.evaluate((badge) => (badge.parentElement as HTMLElement).focus());
    const reason = lines.nth(0).getByRole('tooltip');
    await expect(reason).toBeVisible();
    await expect(reason).toHaveText(
      'Amoxicilina + ácido clavulânico: antimicrobiano (RDC 471/2021) — receita em duas vias, válida por 10 dias',
    );
    await item.evaluate((element) => {
      element.scrollIntoView({ block: 'start' });
      window.scrollTo(0, 0);
    });
    await shoot(page, 'receita-controle-especial');
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await type.evaluate((element) => element.scrollIntoView({ block: 'end' }));
    await shoot(page, 'receita-controle-especial-tipo');
    await pdfFirstPage(request, `${base}/documents/${id}/pdf`, headers, 'receita-pdf-controle-especial');
  });

  await test.step('a medication of list B: Escriba says plainly it issues no notificação, and offers the printed receita', async () => {
    await save(2, [
      line('Clonazepam', '2 mg', '1 comprimido à noite', '30 comprimidos'),
      line('Dipirona', '500 mg', '1 comprimido de 6 em 6 horas se dor', '10 comprimidos'),
    ]);
    await page.reload();
    await page.getByRole('tab', { name: 'Documentos' }).click();
    await item.click();
    await expect(lines.nth(0).getByText('Notificação B1', { exact: true })).toBeVisible();
    const notice = detail.getByRole('status').filter({ hasText: 'não emitida nem assinada pelo Escriba' });
    await expect(notice).toContainText(
      'Requer Notificação de Receita B numerada pela vigilância sanitária: Clonazepam (lista B1 da Portaria 344/98).',
    );
    await expect(notice).toContainText(
      'Use “Imprimir” ou “Abrir PDF” para a receita impressa, sem assinatura digital.',
    );
    await expect(detail.getByRole('button', { name: 'Emitir PDF' })).toHaveCount(0);
    await expect(detail.getByRole('button', { name: 'Assinar PDF' })).toHaveCount(0);
    await expect(
      detail.getByRole('link', { name: 'Abrir PDF' }).or(detail.getByRole('button', { name: 'Abrir PDF' })),
    ).toBeVisible();
    const refused = await request.post(`${base}/documents/${id}/pdf/issued`, { headers });
    expect(refused.status()).toBe(409);
    await item.evaluate((element) => {
      element.scrollIntoView({ block: 'start' });
      window.scrollTo(0, 0);
    });
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await shoot(page, 'receita-notificacao');
    await pdfFirstPage(request, `${base}/documents/${id}/pdf`, headers, 'receita-pdf-notificacao');
  });
});
