// Poppler's command-line tools (Debian's poppler-utils) reading back the PDFs the server makes.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

async function withPdfFile<T>(pdf: Buffer, use: (file: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'escriba-pdf-'));
  try {
    const file = path.join(dir, 'documento.pdf');
    await writeFile(file, pdf);
    return await use(file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The PDF's text as pdftotext extracts it (pages `first` to `last` when given), lines in reading order. */
export function pdfText(pdf: Buffer, pages: { first?: number; last?: number } = {}): Promise<string> {
  const range = [
    ...(pages.first ? ['-f', String(pages.first)] : []),
    ...(pages.last ? ['-l', String(pages.last)] : []),
  ];
  return withPdfFile(pdf, async (file) => (await run('pdftotext', ['-layout', ...range, file, '-'])).stdout);
}

/** The page count pdfinfo reads. */
export function pdfPageCount(pdf: Buffer): Promise<number> {
  return withPdfFile(pdf, async (file) => Number(/^Pages:\s+(\d+)/m.exec((await run('pdfinfo', [file])).stdout)?.[1]));
}

/** pdffonts' table: one row per font, its "emb" column saying whether it is embedded. */
export function pdfFonts(pdf: Buffer): Promise<{ name: string; embedded: boolean }[]> {
  return withPdfFile(pdf, async (file) => {
    const rows = (await run('pdffonts', [file])).stdout.split('\n').slice(2).filter(Boolean);
    return rows.map((row) => {
      const columns = row.trim().split(/\s+/);
      // name type [type words] encoding emb sub uni object ID: emb is the fifth column from the end.
      return { name: columns[0]!, embedded: columns.at(-5) === 'yes' };
    });
  });
}

/** What pdfsig reports of the PDF's signatures (it exits non-zero for a broken one; the report says why). */
export function pdfSignatures(pdf: Buffer): Promise<string> {
  return withPdfFile(pdf, async (file) => {
    try {
      return (await run('pdfsig', [file])).stdout;
    } catch (error) {
      const failed = error as { stdout?: string; stderr?: string };
      return `${failed.stdout ?? ''}${failed.stderr ?? ''}`;
    }
  });
}
