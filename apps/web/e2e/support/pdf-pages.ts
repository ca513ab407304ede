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
