import { describe, expect, it } from 'vitest';
import {
  corruptPng,
  docxFile,
  jpegWithExifRotation,
  labReportHeic,
  labReportPng,
  renamedExecutable,
  scannedPdf,
  zipFile,
} from '../../../test/evidence-files.js';
import { DETECTION_HEAD_BYTES, detectDocumentType } from './detect-document-type.js';

describe('detectDocumentType', () => {
  it('recognises the accepted types by their content', async () => {
    expect(await detectDocumentType(await scannedPdf(), true)).toEqual({
      kind: 'pdf',
      mime: 'application/pdf',
      extension: 'pdf',
    });
    expect(await detectDocumentType(await labReportPng(), true)).toMatchObject({ kind: 'image', mime: 'image/png' });
    expect(await detectDocumentType(await jpegWithExifRotation(), true)).toMatchObject({
      kind: 'image',
      mime: 'image/jpeg',
      extension: 'jpg',
    });
    expect(await detectDocumentType(await labReportHeic(), true)).toMatchObject({ kind: 'image', mime: 'image/heic' });
    expect(await detectDocumentType(await docxFile(['Resultado normal']), true)).toMatchObject({
      kind: 'docx',
      extension: 'docx',
    });
  });

  it('decides from the first bytes of a longer file', async () => {
    const png = await labReportPng();
    expect(await detectDocumentType(png.subarray(0, DETECTION_HEAD_BYTES), false)).toMatchObject({
      mime: 'image/png',
    });
  });

  it('refuses a renamed executable, a plain zip, binary garbage and an empty file', async () => {
    expect(await detectDocumentType(renamedExecutable(), true)).toBeUndefined();
    expect(await detectDocumentType(zipFile('laudo.txt', 'Hemoglobina 13,5'), true)).toBeUndefined();
    const garbage = Buffer.from(Array.from({ length: 2048 }, (_, index) => (index * 73 + 11) % 256));
    expect(await detectDocumentType(garbage, true)).toBeUndefined();
    expect(await detectDocumentType(Buffer.alloc(0), true)).toBeUndefined();
  });

  it('accepts UTF-8 text, and a head that cuts a multi-byte character only when the file goes on', async () => {
    const text = Buffer.from('Hemoglobina: 13,5 g/dL\r\nObservação:\tsem alterações\f\n');
    expect(await detectDocumentType(text, true)).toEqual({ kind: 'text', mime: 'text/plain', extension: 'txt' });
    const cutInsideÇ = text.subarray(0, text.indexOf('ção') + 1);
    expect(await detectDocumentType(cutInsideÇ, false)).toMatchObject({ kind: 'text' });
    expect(await detectDocumentType(cutInsideÇ, true)).toBeUndefined();
  });

  it('refuses text in another encoding or with control characters', async () => {
    expect(await detectDocumentType(Buffer.from('Observação', 'latin1'), true)).toBeUndefined();
    expect(await detectDocumentType(Buffer.from('Hemoglobina\u0000 13,5'), true)).toBeUndefined();
    expect(await detectDocumentType(Buffer.from('Hemoglobina\u001b[31m 13,5'), true)).toBeUndefined();
  });

  it('refuses a corrupt PNG only later, when it is read: its header is still a PNG', async () => {
    expect(await detectDocumentType(await corruptPng(), true)).toMatchObject({ mime: 'image/png' });
  });
});
