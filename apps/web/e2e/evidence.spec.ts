import { expect, test, type Page, type Request } from '@playwright/test';
import { join } from 'node:path';
import type { TEvidence } from '@escriba/contract';
import { labReportPng, renamedExecutable } from '../../server/test/evidence-files';
import { dropFiles, emptyAndOversizedPdfs, twoPagePdf, type DroppedFile } from './support/evidence-drops';
import { signedInProfessional } from './support/records';

const SIZES = [
  { width: 1366, height: 768 },
  { width: 768, height: 1024 },
];

/** On a tablet the panes are tabs: the evidence one is shown before each picture. */
async function screenshots(page: Page, name: string, options: { isDialog?: boolean } = {}): Promise<void> {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    if (!options.isDialog) {
      const tab = page.getByRole('tab', { name: 'Evidências' });
      if (await tab.isVisible()) await tab.click();
      await page.getByTestId('pane-evidence').scrollIntoViewIfNeeded();
    }
    await page.screenshot({
      path: join(import.meta.dirname, 'screenshots', `${name}-${size.width}x${size.height}.png`),
      fullPage: !options.isDialog,
      animations: 'disabled',
    });
  }
  await page.setViewportSize(SIZES[0]!);
}

test('evidence files: dropped, sent with progress, read live, opened with their text, deleted', async ({
  page,
  context,
  request,
}) => {
  // OCR of a printed page takes a few seconds on the server; uploads are slowed down to be seen.
  test.setTimeout(180_000);
  const { token, records } = await signedInProfessional(page, request);
  const patient = await records.createPatient({ name: 'Helena Souza Lima', birth_date: '1972-05-03', sex: 'female' });
  const consultation = await records.createConsultation({
    patient_id: patient.id,
    title: 'Retorno com exames',
    chief_complaint: 'Traz hemograma e bioquímica pedidos na última consulta',
  });
  const listEvidences = async () => {
    const response = await request.get(`/api/v1/user/consultations/${consultation.id}/evidences/`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.ok(), await response.text()).toBe(true);
    return ((await response.json()) as TEvidence[]).filter((evidence) => evidence.kind === 'file');
  };

  const files: DroppedFile[] = [
    { name: 'hemograma-laboratorio.png', mimeType: 'image/png', buffer: await labReportPng() },
    {
      name: 'bioquimica.pdf',
      mimeType: 'application/pdf',
      buffer: await twoPagePdf(
        [
          'BIOQUIMICA - 14/11/2026',
          'Glicose em jejum: 98 mg/dL (70 a 99)',
          'Creatinina: 0,9 mg/dL (0,5 a 1,1)',
          'Colesterol total: 212 mg/dL (desejavel < 190)',
        ],
        await labReportPng(),
      ),
    },
    {
      name: 'receita-anterior.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('Losartana 50 mg, 1 comprimido pela manhã.\nRetorno em 30 dias com exames.\n'),
    },
  ];

  const pane = page.getByTestId('pane-evidence');
  const rows = pane.getByTestId('evidence-row');
  const rowOf = (name: string) => rows.filter({ hasText: name });
  await page.goto(`/${consultation.id}`);
  await page.getByRole('tab', { name: 'Evidências' }).click();
  await expect(pane.getByRole('heading', { name: 'Evidências' })).toBeVisible();
  let originalUrl = '';

  await test.step('three files dropped on the pane: each is sent with its own progress bar', async () => {
    // Slow enough to see the bars move (the lab report image is the largest file).
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 64 * 1024,
    });
    await dropFiles(pane.getByTestId('evidence-drop-target'), files);
    const uploads = pane.getByRole('list', { name: 'Arquivos sendo enviados' });
    const imageUpload = uploads.getByRole('progressbar', { name: 'Envio de hemograma-laboratorio.png' });
    await expect(imageUpload).toBeVisible();
    await expect
      .poll(async () => Number(await imageUpload.getAttribute('aria-valuenow')), { timeout: 20_000 })
      .toBeGreaterThan(0);
    const percent = Number(await imageUpload.getAttribute('aria-valuenow'));
    expect(percent).toBeGreaterThanOrEqual(0);
    expect(percent).toBeLessThanOrEqual(100);
    await expect(rowOf('receita-anterior.txt')).toBeVisible({ timeout: 20_000 });
    await screenshots(page, 'evidence-uploading');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await expect(uploads).toBeHidden({ timeout: 30_000 });
  });

  await test.step('the reading state follows the server live until every file is ready', async () => {
    for (const file of files) {
      await expect(rowOf(file.name).getByTestId('evidence-status')).toHaveText('Pronto', { timeout: 60_000 });
    }
    expect((await listEvidences()).map((evidence) => evidence.status)).toEqual(['ready', 'ready', 'ready']);
    const thumbnail = rowOf('hemograma-laboratorio.png').getByTestId('evidence-thumbnail');
    await expect(thumbnail).toBeVisible();
    // Loaded with the session cookie the <img> request carries: the page holds no other credential for it.
    await expect.poll(() => thumbnail.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBeGreaterThan(0);
    await expect(rowOf('bioquimica.pdf')).toContainText('PDF');
    await expect(rowOf('receita-anterior.txt')).toContainText('TXT');
  });

  await test.step('a file the server does not accept stays on its row with the reason', async () => {
    await pane.getByTestId('evidence-file-input').setInputFiles({
      name: 'laudo-antigo.pdf',
      mimeType: 'application/pdf',
      buffer: renamedExecutable(),
    });
    const failed = pane.getByTestId('evidence-upload').filter({ hasText: 'laudo-antigo.pdf' });
    await expect(failed.getByRole('alert')).toContainText(/Não enviado: .*PDF/);

    // An empty file and one over the server's limit (MAX_UPLOAD_MB, 25 MB) are refused before any byte is sent.
    const sent: string[] = [];
    const recordUpload = (sending: Request) => {
      if (sending.method() === 'POST' && sending.url().includes('/evidences')) sent.push(sending.url());
    };
    page.on('request', recordUpload);
    await pane.getByTestId('evidence-file-input').setInputFiles(await emptyAndOversizedPdfs());
    const empty = pane.getByTestId('evidence-upload').filter({ hasText: 'exame-vazio.pdf' });
    const large = pane.getByTestId('evidence-upload').filter({ hasText: 'tomografia.pdf' });
    await expect(empty.getByRole('alert')).toHaveText('Não enviado: O arquivo está vazio.');
    await expect(large.getByRole('alert')).toHaveText('Não enviado: O arquivo tem 30 MB e o máximo aceito é 25 MB.');
    expect(sent).toEqual([]);
    page.off('request', recordUpload);
    await screenshots(page, 'evidence-files');
    for (const name of ['laudo-antigo.pdf', 'exame-vazio.pdf', 'tomografia.pdf']) {
      await pane.getByRole('button', { name: `Dispensar ${name}` }).click();
    }
    await expect(pane.getByTestId('evidence-upload')).toHaveCount(0);
    expect(await listEvidences()).toHaveLength(3);
  });

  await test.step('the lab report opens with the text OCR read and its image, original and download', async () => {
    const opener = rowOf('hemograma-laboratorio.png').getByRole('button').first();
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'hemograma-laboratorio.png' });
    // Focus starts on what was opened, to be read and scrolled, not on "Fechar".
    await expect(dialog.getByRole('button', { name: 'Fechar' })).not.toBeFocused();
    await expect.poll(() => dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    await expect(dialog.getByTestId('evidence-text')).toContainText('Hemoglobina');
    await expect(dialog.getByTestId('evidence-text')).toContainText('13,5');
    const image = dialog.getByRole('img', { name: 'Imagem de hemograma-laboratorio.png' });
    await expect(image).toHaveAttribute('srcset', /\s\d+w(,|$)/);
    await expect(image).toHaveAttribute('sizes', /.+/);
    await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBeGreaterThan(0);
    // Large enough to read a value on it (it was held to a third of the screen), and a click away from full size.
    expect((await image.boundingBox())!.height).toBeGreaterThan(0.35 * page.viewportSize()!.height + 10);
    const fullSize = dialog.getByRole('link', { name: 'Abrir a imagem em tamanho real' });
    await expect(fullSize).toHaveAttribute('target', '_blank');
    await expect(fullSize).toHaveAttribute('href', /\/variants\/w\d+$/);

    // The new tab and the download are the browser's own requests: they carry the session cookie, no bearer token.
    const original = dialog.getByRole('link', { name: 'Abrir original' });
    await expect(original).toHaveAttribute('target', '_blank');
    originalUrl = (await original.getAttribute('href'))!;
    const [tab, opened] = await Promise.all([
      page.waitForEvent('popup'),
      context.waitForEvent('response', (response) => response.url().endsWith(originalUrl)),
      original.click(),
    ]);
    expect(opened.status()).toBe(200);
    expect(opened.headers()['content-type']).toBe('image/png');
    await tab.close();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('link', { name: 'Baixar' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('hemograma-laboratorio.png');
    expect(await download.failure()).toBeNull();
    await screenshots(page, 'evidence-text', { isDialog: true });

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });

  await test.step('the PDF shows its text page by page, saying which page OCR read', async () => {
    const opener = rowOf('bioquimica.pdf').getByRole('button').first();
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'bioquimica.pdf' });
    await expect(dialog.getByRole('region', { name: 'Página 1', exact: true })).toContainText('Creatinina: 0,9 mg/dL');
    await expect(dialog.getByRole('region', { name: 'Página 2 (lida por OCR)' })).toContainText('Hemoglobina');
    // Its first page is shown as a photo is, and opens at full size.
    const firstPage = dialog.getByRole('img', { name: 'Primeira página de bioquimica.pdf' });
    await expect.poll(() => firstPage.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBeGreaterThan(0);
    await expect(dialog.getByRole('link', { name: 'Abrir a primeira página em tamanho real' })).toBeVisible();
    await expect(rowOf('bioquimica.pdf').getByTestId('evidence-thumbnail')).toBeAttached();
    await screenshots(page, 'evidence-pdf-pages', { isDialog: true });
    await dialog.getByRole('button', { name: 'Fechar' }).click();
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });

  await test.step('a file is deleted only after confirmation', async () => {
    await rowOf('receita-anterior.txt').getByRole('button', { name: 'Excluir receita-anterior.txt' }).click();
    const confirm = page.getByRole('dialog', { name: 'Excluir arquivo?' });
    await expect(confirm).toContainText('não pode ser desfeita');
    // A question that deletes starts on its safe answer.
    await expect(confirm.getByRole('button', { name: 'Cancelar' })).toBeFocused();
    await screenshots(page, 'evidence-delete', { isDialog: true });
    await confirm.getByRole('button', { name: 'Cancelar' }).click();
    await expect(rowOf('receita-anterior.txt')).toBeVisible();

    await rowOf('receita-anterior.txt').getByRole('button', { name: 'Excluir receita-anterior.txt' }).click();
    await page
      .getByRole('dialog', { name: 'Excluir arquivo?' })
      .getByRole('button', { name: 'Excluir arquivo' })
      .click();
    await expect(rowOf('receita-anterior.txt')).toBeHidden();
    await expect(page.getByTestId('toast').getByText('Arquivo excluído')).toBeVisible();
    await expect(pane.getByRole('heading', { name: 'Evidências' })).toBeFocused();
    expect((await listEvidences()).map((evidence) => evidence.file_name).sort()).toEqual([
      'bioquimica.pdf',
      'hemograma-laboratorio.png',
    ]);
  });

  await test.step('a concluded consultation keeps its files to read, with nothing to add or delete', async () => {
    await records.setStatus(consultation.id, 'done');
    await page.reload();
    await expect(rows).toHaveCount(2);
    await expect(pane.getByRole('button', { name: /Adicionar arquivos/ })).toHaveCount(0);
    await expect(pane.getByRole('button', { name: /^Excluir / })).toHaveCount(0);
  });

  await test.step('after log-out, the original opened again (from the history, say) answers 401', async () => {
    await page.getByRole('complementary').getByRole('button', { name: 'Sair da conta' }).click();
    await expect(page).toHaveURL(/\/log-in$/);
    const reopened = await page.goto(originalUrl);
    expect(reopened?.status()).toBe(401);
  });
});
