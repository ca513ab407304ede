// Poppler's command-line tools (Debian's poppler-utils) reading back the PDFs the server makes.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Writes the files (by name) into a temporary folder for `use`, which gets their paths; removed after. */
async function withFiles<Names extends string, T>(
  files: Record<Names, Buffer>,
  use: (paths: Record<Names, string>) => Promise<T>,
): Promise<T> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'escriba-pdf-'));
  try {
    const paths = {} as Record<Names, string>;
    for (const [name, bytes] of Object.entries(files) as [Names, Buffer][]) {
      paths[name] = path.join(dir, name);
      await writeFile(paths[name], bytes);
    }
    return await use(paths);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const withPdfFile = <T>(pdf: Buffer, use: (file: string) => Promise<T>) =>
  withFiles({ 'documento.pdf': pdf }, (paths) => use(paths['documento.pdf']));

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

/** The document information dictionary as `pdfinfo -custom` lists it: every key (custom ones too) and its value. */
export function pdfInfoEntries(pdf: Buffer): Promise<Record<string, string>> {
  return withPdfFile(pdf, async (file) => {
    const { stdout } = await run('pdfinfo', ['-custom', file]);
    // "Key:   value" lines; after the dictionary pdfinfo prints the file's own facts (Pages, Encrypted…).
    const entries = stdout.split('\n').flatMap((line) => {
      const match = /^(\S[^:]*):\s*(.*)$/.exec(line);
      return match ? [[match[1]!, match[2]!] as const] : [];
    });
    return Object.fromEntries(entries);
  });
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

/** A signed PDF's signature: its CMS (the /Contents without the zeros padding it) and the bytes it signs (/ByteRange). */
export function pdfSignature(pdf: Buffer): { cms: Buffer; signed: Buffer } {
  const text = pdf.toString('latin1');
  const range = /\/ByteRange \[(\d+) (\d+) (\d+) (\d+)\s*\]/.exec(text)!.slice(1).map(Number);
  const [start, length, secondStart, secondLength] = range as [number, number, number, number];
  const signed = Buffer.concat([
    pdf.subarray(start, start + length),
    pdf.subarray(secondStart, secondStart + secondLength),
  ]);
  const contents = Buffer.from(pdf.subarray(start + length + 1, secondStart - 1).toString('latin1'), 'hex');
  // A DER SEQUENCE: its length is in its header (short form, or the long form's following bytes).
  const lengthBytes = contents[1]! < 0x80 ? 0 : contents[1]! & 0x7f;
  const bodyLength = lengthBytes === 0 ? contents[1]! : contents.readUIntBE(2, lengthBytes);
  return { cms: contents.subarray(0, 2 + lengthBytes + bodyLength), signed };
}

/** OpenSSL's dump of a CMS structure (`openssl cms -cmsout -print`): its attributes by name and OID. */
export function cmsDump(cms: Buffer): Promise<string> {
  return withFiles({ 'assinatura.p7s': cms }, async (paths) => {
    const { stdout } = await run('openssl', [
      'cms',
      '-cmsout',
      '-print',
      '-inform',
      'DER',
      '-in',
      paths['assinatura.p7s'],
    ]);
    return stdout;
  });
}

/**
 * Whether OpenSSL verifies the detached CMS over `content` up to the CA's certificate (the signature, the
 * message digest and, when present, the ESS signing certificate's hash): its message, or why not.
 */
export function cmsVerify(cms: Buffer, content: Buffer, caCertificate: Buffer): Promise<string> {
  const files = { 'assinatura.p7s': cms, 'conteudo.bin': content, 'ac.pem': caCertificate };
  return withFiles(files, async (paths) => {
    const args = ['cms', '-verify', '-binary', '-inform', 'DER', '-in', paths['assinatura.p7s']];
    args.push('-content', paths['conteudo.bin'], '-CAfile', paths['ac.pem'], '-purpose', 'any', '-out', '/dev/null');
    try {
      const { stderr } = await run('openssl', args);
      return stderr.trim();
    } catch (error) {
      return String((error as { stderr?: string }).stderr ?? error);
    }
  });
}

/**
 * The QR codes of one page as a phone would read them: the page rendered at 150 dpi by pdftoppm, decoded by
 * zbarimg (Debian's zbar-tools).
 */
export function pdfQrCodes(pdf: Buffer, page = 1): Promise<string[]> {
  return withPdfFile(pdf, async (file) => {
    const image = `${file}-page`;
    await run('pdftoppm', ['-r', '150', '-png', '-singlefile', '-f', String(page), '-l', String(page), file, image]);
    const { stdout } = await run('zbarimg', ['--quiet', '--raw', `${image}.png`]);
    return stdout.trim().split('\n').filter(Boolean);
  });
}
