import { execFile } from 'node:child_process';
import { mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** One page of the PDF (the first by default) rendered by Poppler's pdftoppm into e2e/screenshots/{name}.png, to look at. */
export async function shootPdfPage(pdf: Buffer, name: string, page = 1): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'escriba-e2e-pdf-'));
  try {
    await writeFile(join(dir, 'document.pdf'), pdf);
    await run(
      'pdftoppm',
      ['-png', '-r', '100', '-f', String(page), '-l', String(page), '-singlefile', 'document.pdf', 'page'],
      {
        cwd: dir,
      },
    );
    await rename(join(dir, 'page.png'), join(import.meta.dirname, '..', 'screenshots', `${name}.png`));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The QR codes on one page of the PDF, as a phone reads them: rendered by pdftoppm, decoded by zbarimg (zbar-tools). */
export async function readQrCodes(pdf: Buffer, page = 1): Promise<string[]> {
  const dir = await mkdtemp(join(tmpdir(), 'escriba-e2e-qr-'));
  try {
    await writeFile(join(dir, 'document.pdf'), pdf);
    const pages = ['-png', '-r', '150', '-f', String(page), '-l', String(page), '-singlefile', 'document.pdf', 'page'];
    await run('pdftoppm', pages, { cwd: dir });
    const { stdout } = await run('zbarimg', ['--quiet', '--raw', 'page.png'], { cwd: dir });
    return stdout.trim().split('\n').filter(Boolean);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
