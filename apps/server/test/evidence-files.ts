import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { crc32 } from 'node:zlib';
import { Document, Packer, Paragraph } from 'docx';
import { PDFDocument, PDFHexString, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { cachedFile } from './file-cache';

const run = promisify(execFile);

// shared/fixtures/lab-report.txt, copied so that the tests stand alone.
export const LAB_REPORT_TEXT = `LABORATÓRIO CLÍNICO EXEMPLO LTDA — CNPJ 00.000.000/0001-00
Paciente: Helena Souza Lima            Data da coleta: 14/11/2026
Médico solicitante: Dr. Paulo Mendes — CRM-SP 123456

HEMOGRAMA COMPLETO
Hemoglobina .................. 13,5 g/dL        (12,0 a 15,5)
Hematócrito .................. 40,1 %           (35,0 a 45,0)
Leucócitos ................... 7.850 /mm³       (4.000 a 11.000)
Plaquetas .................... 245.000 /mm³     (150.000 a 450.000)

BIOQUÍMICA
Glicose em jejum ............. 98 mg/dL         (70 a 99)
Creatinina ................... 0,9 mg/dL        (0,5 a 1,1)
Colesterol total ............. 212 mg/dL        (desejável < 190)
LDL-colesterol ............... 138 mg/dL        (desejável < 130)
TSH .......................... 2,1 µUI/mL       (0,4 a 4,0)

Liberado eletronicamente por: Dra. Ana Ribeiro — CRF-SP 54321`;

const LAB_REPORT_DPI = 200;
const POINTS_PER_INCH = 72;
const A4 = { width: 595, height: 842 };

/** Each file is made once per test run (test/file-cache.ts): some take ImageMagick or OCR-sized work. */
function once(key: string, make: () => Promise<Buffer>): Promise<Buffer> {
  return cachedFile(['evidence-files', key], make);
}

/** The lab report printed at 200 dpi by ImageMagick (Debian's imagemagick), as a grayscale PNG. */
export function labReportPng(): Promise<Buffer> {
  return once('lab-report.png', async () => {
    // `label:` expands % escapes: a literal % is written %%.
    const label = `label:${LAB_REPORT_TEXT.replaceAll('%', '%%')}`;
    return await imageMagick([
      '-density',
      String(LAB_REPORT_DPI),
      '-font',
      'DejaVu-Sans',
      '-pointsize',
      '11',
      label,
      '-bordercolor',
      'white',
      '-border',
      '60',
      'png:-',
    ]);
  });
}

/** The same lab report as an HEIC photo (ImageMagick with libheif). */
export function labReportHeic(): Promise<Buffer> {
  return once('lab-report.heic', async () => imageMagick(['png:-', 'heic:-'], await labReportPng()));
}

/** A PDF whose pages have a text layer, one line after another from the top of an A4 page. */
export function textPdf(lines: string[]): Promise<Buffer> {
  return once(`text.pdf:${JSON.stringify(lines)}`, async () => {
    const pdf = await PDFDocument.create();
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    const page = pdf.addPage([A4.width, A4.height]);
    lines.forEach((line, index) => page.drawText(line, { x: 50, y: A4.height - 60 - index * 16, size: 11, font }));
    return Buffer.from(await pdf.save());
  });
}

/** A scanned lab report: an A4 PDF page holding only the report's image, with no text layer. */
export function scannedPdf(): Promise<Buffer> {
  return once('scanned.pdf', async () => {
    const pdf = await PDFDocument.create();
    const image = await pdf.embedPng(await labReportPng());
    const width = (image.width * POINTS_PER_INCH) / LAB_REPORT_DPI;
    const height = (image.height * POINTS_PER_INCH) / LAB_REPORT_DPI;
    pdf.addPage([A4.width, A4.height]).drawImage(image, { x: 40, y: A4.height - 40 - height, width, height });
    return Buffer.from(await pdf.save());
  });
}

/** A Word document with one paragraph per string. */
export function docxFile(paragraphs: string[]): Promise<Buffer> {
  return once(`file.docx:${JSON.stringify(paragraphs)}`, async () => {
    const document = new Document({
      sections: [{ children: paragraphs.map((text) => new Paragraph({ text })) }],
    });
    return await Packer.toBuffer(document);
  });
}

/**
 * A text PDF locked by a user password: its standard security handler's check values do not match the
 * empty password, so a reader must ask for one.
 */
export function passwordProtectedPdf(): Promise<Buffer> {
  return once('password.pdf', async () => {
    const pdf = await PDFDocument.load(await textPdf(['Hemoglobina 13,5 g/dL']));
    const checkValue = PDFHexString.of('ab'.repeat(32));
    const id = PDFHexString.of('0123456789abcdef0123456789abcdef');
    pdf.context.trailerInfo.ID = pdf.context.obj([id, id]);
    pdf.context.trailerInfo.Encrypt = pdf.context.obj({
      Filter: 'Standard',
      V: 1,
      R: 2,
      O: checkValue,
      U: checkValue,
      P: -4,
    });
    return Buffer.from(await pdf.save());
  });
}

/** A text PDF cut in the middle, as an interrupted upload leaves it. */
export function truncatedPdf(): Promise<Buffer> {
  return once('truncated.pdf', async () => {
    const pdf = await textPdf(LAB_REPORT_TEXT.split('\n'));
    return pdf.subarray(0, Math.floor(pdf.length * 0.6));
  });
}

/** The lab report PNG with its image data cut short: a valid header, then nothing. */
export function corruptPng(): Promise<Buffer> {
  return once('corrupt.png', async () => {
    const png = await labReportPng();
    return png.subarray(0, Math.floor(png.length / 3));
  });
}

/** A Linux executable's header followed by bytes, as if someone renamed a program to `laudo.pdf`. */
export function renamedExecutable(): Buffer {
  const elfHeader = Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]);
  const body = Buffer.alloc(4096);
  for (let index = 0; index < body.length; index += 1) body[index] = (index * 31 + 7) % 256;
  return Buffer.concat([elfHeader, body]);
}

/** A plain zip archive (entries stored uncompressed), which is not an accepted document. */
export function zipFile(name: string, content: string): Buffer {
  const fileName = Buffer.from(name);
  const data = Buffer.from(content);
  const checksum = crc32(data);
  const localHeader = Buffer.alloc(30);
  localHeader.writeUInt32LE(0x04034b50, 0);
  localHeader.writeUInt16LE(20, 4);
  localHeader.writeUInt32LE(checksum, 14);
  localHeader.writeUInt32LE(data.length, 18);
  localHeader.writeUInt32LE(data.length, 22);
  localHeader.writeUInt16LE(fileName.length, 26);
  const centralHeader = Buffer.alloc(46);
  centralHeader.writeUInt32LE(0x02014b50, 0);
  centralHeader.writeUInt16LE(20, 4);
  centralHeader.writeUInt16LE(20, 6);
  centralHeader.writeUInt32LE(checksum, 16);
  centralHeader.writeUInt32LE(data.length, 20);
  centralHeader.writeUInt32LE(data.length, 24);
  centralHeader.writeUInt16LE(fileName.length, 28);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(centralHeader.length + fileName.length, 12);
  end.writeUInt32LE(localHeader.length + fileName.length + data.length, 16);
  return Buffer.concat([localHeader, fileName, data, centralHeader, fileName, end]);
}

/**
 * A 400x200 JPEG (left half red, right half blue) stored sideways: EXIF orientation 6 says to turn it
 * 90° clockwise, so it shows 200 wide and 400 high with red on top.
 */
export function jpegWithExifRotation(): Promise<Buffer> {
  return once('rotated.jpg', async () => {
    const half = (red: number, blue: number) => ({
      create: { width: 200, height: 200, channels: 3 as const, background: { r: red, g: 0, b: blue } },
    });
    return await sharp({ create: { width: 400, height: 200, channels: 3, background: '#000' } })
      .composite([
        { input: half(255, 0), left: 0, top: 0 },
        { input: half(0, 255), left: 200, top: 0 },
      ])
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
  });
}

/** Runs ImageMagick's convert with `args`, `input` on its standard input; its standard output. */
export async function imageMagick(args: string[], input?: Buffer): Promise<Buffer> {
  // /usr/bin/convert is ImageMagick itself, whatever else is on the PATH under that name.
  const child = run('/usr/bin/convert', args, { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 });
  if (input) child.child.stdin?.end(input);
  return (await child).stdout;
}
