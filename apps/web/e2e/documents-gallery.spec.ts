import { expect, test } from '@playwright/test';
import { DOCUMENT_KIND_TITLES, DOCUMENT_KINDS, type TDocumentList } from '@escriba/contract';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { consultationApi } from './support/consultation-api';
import { HEADACHE_PLAN, headacheVisit } from './support/headache-visit';
import { shoot } from './support/screenshot';

const SCREENSHOTS = join(import.meta.dirname, 'screenshots');

test('each kind of document, as the page shows it and as its PDF', async ({ page, request }) => {
  test.setTimeout(180_000);
  const { token, consultation } = await headacheVisit(page, request, HEADACHE_PLAN);
  const api = consultationApi(request, token, consultation.id);
  const headers = { authorization: `Bearer ${token}` };
  const base = `/api/v1/user/consultations/${consultation.id}`;
  await api.record();
  await api.transcribed();

  // A diagnosis confirmed in the note: the exames carry it, and the atestado too, as the patient allows it here.
  const diagnoses = [{ code: 'G44.2', confirmed: true }];
  expect((await request.put(`${base}/anamnesis/diagnoses`, { headers, data: diagnoses })).ok()).toBe(true);
  for (const kind of DOCUMENT_KINDS) {
    const body = kind === 'atestado' ? { days: 2, include_cid: true } : {};
    expect((await request.post(`${base}/documents/${kind}`, { headers, data: body })).status()).toBe(202);
  }
  await expect
    .poll(async () => (await api.get<TDocumentList>('/documents')).map((each) => each.status), {
      timeout: 60_000,
    })
    .toEqual(DOCUMENT_KINDS.map(() => 'ready'));
  const documents = await api.get<TDocumentList>('/documents');

  // On the tablet the documents have a tab of their own, the whole width of the screen.
  await page.setViewportSize({ width: 768, height: 1024 });
  await page.goto(`/${consultation.id}`);
  await page.getByRole('tab', { name: 'Documentos' }).click();
  const pane = page.getByTestId('pane-documents');
  const pdfPages = mkdtempSync(join(tmpdir(), 'escriba-document-pdfs-'));
  try {
    for (const kind of DOCUMENT_KINDS) {
      await test.step(`${DOCUMENT_KIND_TITLES[kind]}: on the page, then as its PDF`, async () => {
        const item = pane.getByRole('button', { name: new RegExp(`^${DOCUMENT_KIND_TITLES[kind]}`) });
        await item.click();
        const detail = pane.getByTestId('document-detail');
        // A link once the document is reviewed; before, a button that opens the review step first.
        const openPdf = detail
          .getByRole('link', { name: 'Abrir PDF' })
          .or(detail.getByRole('button', { name: 'Abrir PDF' }));
        await expect(openPdf).toBeVisible();
        if (kind === 'exames' || kind === 'atestado') await expect(detail).toContainText('G44.2');
        // The document at the top of its pane, which scrolls inside the page: the page itself stays at its top.
        await item.evaluate((element) => {
          element.scrollIntoView({ block: 'start' });
          window.scrollTo(0, 0);
        });
        await shoot(page, `document-${kind}`);
        await item.click();
        await expect(detail).toBeHidden();

        const { id } = documents.find((document) => document.kind === kind)!;
        const response = await request.get(`${base}/documents/${id}/pdf`, { headers });
        expect(response.headers()['content-type']).toBe('application/pdf');
        const pdf = join(pdfPages, `${kind}.pdf`);
        writeFileSync(pdf, await response.body());
        // The first page as a picture, to look at: Poppler's renderer, as a reader would see it.
        execFileSync('pdftoppm', [
          '-png',
          '-r',
          '60',
          '-f',
          '1',
          '-l',
          '1',
          '-singlefile',
          pdf,
          join(SCREENSHOTS, `document-pdf-${kind}`),
        ]);
      });
    }
  } finally {
    rmSync(pdfPages, { recursive: true, force: true });
  }
});
