import { afterAll, describe, expect, it } from 'vitest';
import {
  corruptPng,
  docxFile,
  LAB_REPORT_TEXT,
  labReportHeic,
  labReportPng,
  passwordProtectedPdf,
  scannedPdf,
  textPdf,
  truncatedPdf,
} from '../../../test/evidence-files.js';
import { detectDocumentType, type DocumentType } from './detect-document-type.js';
import { terminateOcr } from './ocr.js';
import { readDocument } from './read-document.js';
import { UnreadableDocumentError } from './unreadable-document-error.js';

afterAll(terminateOcr);

async function read(file: Buffer) {
  return await readDocument(file, await typeOf(file));
}

async function typeOf(file: Buffer): Promise<DocumentType> {
  const type = await detectDocumentType(file, true);
  if (!type) throw new Error('test file of no accepted type');
  return type;
}

async function unreadableReason(file: Promise<Buffer>): Promise<string> {
  const error: unknown = await read(await file).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(UnreadableDocumentError);
  return (error as UnreadableDocumentError).reason;
}

// OCR takes seconds a page, more on a busy machine running other test files in parallel.
const OCR_TEST_TIMEOUT_MS = 60_000;

// OCR reads the dotted leaders and units loosely; the analytes and values are what must come through.
function expectLabReportValues(text: string) {
  expect(text).toContain('Hemoglobina');
  expect(text).toContain('13,5');
  expect(text).toContain('Helena Souza Lima');
  expect(text).toContain('245.000');
}

describe('readDocument', () => {
  it('reads the text layer of each PDF page, without OCR', async () => {
    const lines = LAB_REPORT_TEXT.split('\n');
    const result = await read(await textPdf(lines));
    expect(result.pages).toEqual([{ page: 1, text: expect.stringContaining('Hemoglobina') as string, ocr: false }]);
    expect(result.text).toContain('Hemoglobina .................. 13,5 g/dL');
    expect(result.text).toContain('Liberado eletronicamente por: Dra. Ana Ribeiro');
  });

  it(
    'reads a scanned PDF page by OCR',
    async () => {
      const started = performance.now();
      const result = await read(await scannedPdf());
      console.info(`OCR of the scanned lab report page: ${((performance.now() - started) / 1000).toFixed(1)} s`);
      expect(result.pages).toHaveLength(1);
      expect(result.pages?.[0]?.ocr).toBe(true);
      expectLabReportValues(result.text);
    },
    OCR_TEST_TIMEOUT_MS,
  );

  it(
    'reads a PNG photo of the lab report by OCR',
    async () => {
      const started = performance.now();
      const result = await read(await labReportPng());
      console.info(`OCR of the lab report PNG: ${((performance.now() - started) / 1000).toFixed(1)} s`);
      expect(result.pages).toBeNull();
      expectLabReportValues(result.text);
    },
    OCR_TEST_TIMEOUT_MS,
  );

  it(
    'reads an HEIC photo by OCR',
    async () => {
      expectLabReportValues((await read(await labReportHeic())).text);
    },
    OCR_TEST_TIMEOUT_MS,
  );

  it('reads the paragraphs of a DOCX', async () => {
    const result = await read(await docxFile(['Hemoglobina: 13,5 g/dL', 'Glicose em jejum: 98 mg/dL']));
    expect(result).toEqual({ text: 'Hemoglobina: 13,5 g/dL\n\nGlicose em jejum: 98 mg/dL', pages: null, review: null });
  });

  it('reads UTF-8 text without its BOM, collapsing runs of blank lines and keeping line breaks', async () => {
    const file = Buffer.from('\uFEFFHemoglobina: 13,5 g/dL  \r\n\r\n\r\n\r\nObservação: jejum de 8 h\r\n');
    expect(await read(file)).toEqual({
      text: 'Hemoglobina: 13,5 g/dL\n\nObservação: jejum de 8 h',
      pages: null,
      review: null,
    });
  });

  it('returns an empty text, not an error, when a document has none', async () => {
    expect((await read(await docxFile([]))).text).toBe('');
  });

  it('refuses a truncated PDF with a reason for the user', async () => {
    expect(await unreadableReason(truncatedPdf())).toBe('O PDF está corrompido ou incompleto');
  });

  it('refuses a password-protected PDF', async () => {
    expect(await unreadableReason(passwordProtectedPdf())).toBe('O PDF está protegido por senha');
  });

  it('refuses a PDF whose structure is garbage', async () => {
    const garbage = Buffer.from(`%PDF-1.7\n${'lixo '.repeat(400)}\n%%EOF\n`);
    expect(await unreadableReason(Promise.resolve(garbage))).toBe('O PDF está corrompido ou incompleto');
  });

  it('refuses a corrupt PNG and a corrupt DOCX', async () => {
    expect(await unreadableReason(corruptPng())).toBe('A imagem está corrompida ou incompleta');
    const docx = await docxFile(['Hemoglobina']);
    const corruptDocx = Buffer.concat([docx.subarray(0, 2000), Buffer.alloc(docx.length - 2000, 0x41)]);
    await expect(readDocument(corruptDocx, await typeOf(docx))).rejects.toThrow(UnreadableDocumentError);
  });
});
