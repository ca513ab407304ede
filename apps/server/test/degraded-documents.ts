import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { cachedFile } from './file-cache';
import { imageMagick, LAB_REPORT_TEXT, labReportPng } from './evidence-files';

/** The measured values of the lab report, as printed: what a reading must get right. */
export const LAB_REPORT_VALUES = ['13,5', '40,1', '7.850', '245.000', '98', '0,9', '212', '138', '2,1'];

/** How many of `numbers` stand whole in `text` (not inside a longer number). */
export function countNumbersRead(text: string, numbers: readonly string[]): number {
  const read = new Set(text.match(/-?\d+(?:[.,]\d+)*/g));
  return numbers.filter((number) => read.has(number)).length;
}

// Documents as a clinic receives them (issue 20 §2), made by ImageMagick from text we know, so a test can
// count the numbers read right.

const FONT = ['-font', 'DejaVu-Sans', '-pointsize', '11'];

function once(key: string, make: () => Promise<Buffer>): Promise<Buffer> {
  return cachedFile(['degraded-documents', key], make);
}

/** `text` rendered at `dpi` by ImageMagick with a white border, then `degrade` (its options), written as `format`. */
export function textPicture(
  text: string,
  dpi: number,
  degrade: string[],
  { border = 20, format = 'jpg' }: { border?: number; format?: string } = {},
): Promise<Buffer> {
  // `label:` expands % escapes: a literal % is written %%.
  const label = `label:${text.replaceAll('%', '%%')}`;
  return imageMagick([
    '-density',
    String(dpi),
    ...FONT,
    label,
    '-bordercolor',
    'white',
    '-border',
    String(border),
    ...degrade,
    `${format}:-`,
  ]);
}

/** `draw` (ImageMagick's drawing options) on a white page of `size` at 150 dpi, resized and saved as a JPEG. */
export function drawnPicture(size: string, draw: string[], { resize, quality }: { resize: string; quality: number }) {
  return imageMagick([
    '-size',
    size,
    'xc:white',
    '-density',
    '150',
    ...FONT,
    ...draw,
    '-resize',
    resize,
    '-quality',
    String(quality),
    'jpg:-',
  ]);
}

/** The lab report sent through WhatsApp: rendered at 72 dpi and saved as a quality 35 JPEG. */
export function whatsAppLabReport(): Promise<Buffer> {
  return once('whatsapp.jpg', () => textPicture(LAB_REPORT_TEXT, 72, ['-quality', '35']));
}

/** The lab report as a blurred 66 dpi picture saved at quality 25: too poor for OCR to be sure of it. */
export function blurredLabReport(): Promise<Buffer> {
  return once('blurred.jpg', () => textPicture(LAB_REPORT_TEXT, 66, ['-blur', '0x0.5', '-quality', '25']));
}

/**
 * A digital PDF of the lab report whose content stream draws it out of order, as report generators do:
 * values column first, from the bottom of the page up, then the analytes' names.
 */
export function outOfOrderPdf(): Promise<Buffer> {
  return once('out-of-order.pdf', async () => {
    const pdf = await PDFDocument.create();
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    const page = pdf.addPage([595, 842]);
    const rows = [
      ['Hemoglobina', '13,5 g/dL'],
      ['Leucocitos', '7.850 /mm3'],
      ['Plaquetas', '245.000 /mm3'],
    ];
    const y = (index: number) => 760 - index * 16;
    for (const [index, [, value]] of [...rows.entries()].reverse())
      page.drawText(value!, { x: 250, y: y(index), size: 11, font });
    for (const [index, [name]] of rows.entries()) page.drawText(name!, { x: 50, y: y(index), size: 11, font });
    page.drawText('HEMOGRAMA', { x: 50, y: 790, size: 11, font });
    return Buffer.from(await pdf.save());
  });
}

/**
 * ImageMagick options that darken a `width`×`height` picture with a shadow: `corner` gray at its top left,
 * `edge` gray at its top right, none at its bottom right.
 */
export function shadowOptions(width: number, height: number, corner: string, edge: string): string[] {
  return [
    '(',
    '-size',
    `${width}x${height}`,
    'xc:white',
    '-sparse-color',
    'Barycentric',
    `0,0 gray(${corner}) ${width},${height} white ${width},0 gray(${edge})`,
    ')',
    '-compose',
    'multiply',
    '-composite',
  ];
}

/** The 200 dpi lab report photographed crooked: turned 4° and darkened by a shadow from its top left corner. */
export function skewedShadowedLabReport(): Promise<Buffer> {
  return once('skewed-shadowed.png', async () => {
    const turned = await imageMagick(['png:-', '-background', 'white', '-rotate', '4', 'png:-'], await labReportPng());
    const { width, height } = await sharp(turned).metadata();
    return await imageMagick(['png:-', ...shadowOptions(width, height, '22%', '70%'), 'png:-'], turned);
  });
}

/** The refraction values of an eyeglass prescription's table: right eye, then left (sphere, cylinder, axis). */
export const PRESCRIPTION_NUMBERS = ['-2,25', '-0,75', '180', '-1,50', '-1,00', '175'];

/** An eyeglass prescription scanned at 90 dpi: its values in the cells of a ruled grid, tight against the lines. */
export function prescriptionTable(): Promise<Buffer> {
  return once('prescription.jpg', () => {
    const columns = [40, 250, 420, 600, 720];
    const rows = [100, 150, 200, 250];
    const cells = [
      ['', 'Esférico', 'Cilíndrico', 'Eixo'],
      ['Longe OD', ...PRESCRIPTION_NUMBERS.slice(0, 3)],
      ['Longe OE', ...PRESCRIPTION_NUMBERS.slice(3)],
    ];
    const draw: string[] = ['-fill', 'none', '-stroke', 'black', '-strokewidth', '5'];
    for (const y of rows) draw.push('-draw', `line ${columns[0]},${y} ${columns.at(-1)},${y}`);
    for (const x of columns) draw.push('-draw', `line ${x},${rows[0]} ${x},${rows.at(-1)}`);
    draw.push('-fill', 'black', '-stroke', 'none', '-draw', `text 40,60 'Receita de óculos'`);
    cells.forEach((row, rowIndex) =>
      row.forEach((text, columnIndex) => {
        if (text) draw.push('-draw', `text ${columns[columnIndex]! + 7},${rows[rowIndex + 1]! - 9} '${text}'`);
      }),
    );
    return drawnPicture('780x300', draw, { resize: '60%', quality: 40 });
  });
}

/** A cytology request form (INCA's kind) with its answers ticked in boxes, as a 150 dpi scan. */
export function formWithTickedBoxes(): Promise<Buffer> {
  return once('form.png', () => {
    const questions: [string, string[], number][] = [
      ['Fez o exame preventivo alguma vez?', ['Sim', 'Não', 'Não sabe'], 0],
      ['Usa DIU?', ['Sim', 'Não', 'Não sabe'], 1],
      ['Inspeção do colo:', ['Normal', 'Alterado', 'Ausente'], 0],
      ['Sinais sugestivos de DST?', ['Sim', 'Não'], 1],
    ];
    const draw: string[] = ['-fill', 'black', '-draw', `text 40,50 'REQUISIÇÃO DE EXAME CITOPATOLÓGICO'`];
    questions.forEach(([question, answers, ticked], index) => {
      const y = 110 + index * 55;
      draw.push('-fill', 'black', '-stroke', 'none', '-draw', `text 40,${y} '${question}'`);
      answers.forEach((answer, answerIndex) => {
        const x = 520 + answerIndex * 170;
        draw.push('-fill', 'none', '-stroke', 'black', '-strokewidth', '2');
        draw.push('-draw', `rectangle ${x},${y - 22} ${x + 24},${y + 2}`);
        if (answerIndex === ticked) {
          draw.push(
            '-draw',
            `line ${x + 5},${y - 17} ${x + 19},${y - 3}`,
            '-draw',
            `line ${x + 19},${y - 17} ${x + 5},${y - 3}`,
          );
        }
        draw.push('-fill', 'black', '-stroke', 'none', '-draw', `text ${x + 34},${y} '${answer}'`);
      });
    });
    return imageMagick(['-size', '1100x360', 'xc:white', '-density', '150', ...FONT, ...draw, 'png:-']);
  });
}
