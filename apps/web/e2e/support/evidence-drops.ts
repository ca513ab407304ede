import { expect, test, type Locator } from '@playwright/test';
import { mkdir, truncate, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';

// The files a professional drops on a visit's evidence pane, as the browser tests make and drop them.

export interface DroppedFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** Files dragged from the desktop and dropped: a real DataTransfer through dragover and drop. */
export async function dropFiles(target: Locator, files: DroppedFile[]): Promise<void> {
  const dataTransfer = await target.page().evaluateHandle(
    (items) => {
      const transfer = new DataTransfer();
      for (const item of items) {
        const bytes = Uint8Array.from(atob(item.base64), (char) => char.charCodeAt(0));
        transfer.items.add(new File([bytes], item.name, { type: item.mimeType }));
      }
      return transfer;
    },
    files.map((file) => ({ name: file.name, mimeType: file.mimeType, base64: file.buffer.toString('base64') })),
  );
  await target.dispatchEvent('dragenter', { dataTransfer });
  await target.dispatchEvent('dragover', { dataTransfer });
  await expect(target).toContainText('Solte os arquivos aqui');
  await target.dispatchEvent('drop', { dataTransfer });
}

/** A PDF whose first page has a text layer and whose second is only a scanned image, as a clinic's printout often is. */
export async function twoPagePdf(lines: string[], scan: Buffer): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const first = pdf.addPage([595, 842]);
  lines.forEach((line, index) => first.drawText(line, { x: 50, y: 780 - index * 16, size: 11, font }));
  const image = await pdf.embedPng(scan);
  const { width, height } = image.scaleToFit(515, 762);
  pdf.addPage([595, 842]).drawImage(image, { x: 40, y: 802 - height, width, height });
  return Buffer.from(await pdf.save());
}

/**
 * An empty PDF and one of 30 MB, as files in the test's output folder: the browser reads them from there, where a
 * 30 MB buffer would be copied through Playwright's connection first. The larger one is sparse: nothing is written.
 */
export async function emptyAndOversizedPdfs(): Promise<string[]> {
  const paths = [test.info().outputPath('exame-vazio.pdf'), test.info().outputPath('tomografia.pdf')];
  await mkdir(dirname(paths[0]!), { recursive: true });
  await Promise.all(paths.map((path) => writeFile(path, '')));
  await truncate(paths[1]!, 30 * 1024 * 1024);
  return paths;
}
