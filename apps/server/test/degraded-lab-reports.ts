import sharp from 'sharp';
import { drawnPicture, shadowOptions, textPicture } from './degraded-documents';
import { imageMagick } from './evidence-files';
import { cachedFile } from './file-cache';

// A pre-natal lab report with abnormal values beside normal ones (issue 31 §1: "TGO 48 U/L" read "18U/L",
// "150.000 a 450.000" lost, "TGO" read "TG6O"), photographed and sent as a clinic receives it. Every number
// in it is known, so a test can count those read right, marked unsure and silently wrong.
export const PRENATAL_REPORT_TEXT = `LABORATÓRIO CLÍNICO EXEMPLO LTDA
Paciente: Helena Souza Lima    Data da coleta: 14/11/2026

HEMOGRAMA
Hemoglobina ........ 10,8 g/dL      (12,0 a 15,5)
Leucócitos ......... 12.400 /mm³    (4.000 a 11.000)
Plaquetas .......... 98.000 /mm³    (150.000 a 450.000)

BIOQUÍMICA
TGO (AST) .......... 48 U/L         (até 40)
TGP (ALT) .......... 61 U/L         (até 41)
Creatinina ......... 1,3 mg/dL      (0,5 a 1,1)
Ácido úrico ........ 6,7 mg/dL      (2,4 a 5,7)
Glicose ............ 87 mg/dL       (70 a 99)

URINA TIPO I
Densidade .......... 1.025          (1.005 a 1.030)
pH ................. 6,5            (5,0 a 7,0)
Proteínas .......... 0,3 g/L        (inferior a 0,1)
Leucócitos ......... 18 /campo      (até 5)`;

/** The report's results (analyte, result, reference), as the table of `tablePrenatalReport` holds them. */
export const PRENATAL_RESULTS = PRENATAL_REPORT_TEXT.split('\n')
  .map((line) => /^(.+?) \.+ (.+?) {2,}\((.+)\)$/.exec(line))
  .filter((match) => match !== null)
  .map(([, name, result, reference]) => [name!, result!, reference!] as const);

/** The table's text, a row a line, for counting its numbers. */
export const PRENATAL_TABLE_TEXT = PRENATAL_RESULTS.map((row) => row.join(' ')).join('\n');

function once(key: string, make: () => Promise<Buffer>): Promise<Buffer> {
  return cachedFile(['degraded-lab-reports', key], make);
}

/** The report rendered at `dpi` with a white border, then `degrade` (ImageMagick options), written as `format`. */
function reportPicture(dpi: number, degrade: string[], format = 'jpg'): Promise<Buffer> {
  return textPicture(PRENATAL_REPORT_TEXT, dpi, degrade, { border: Math.round(dpi / 4), format });
}

/** Sent through WhatsApp: 72 dpi, a quality 35 JPEG. */
export function whatsAppPrenatalReport(): Promise<Buffer> {
  return once('whatsapp.jpg', () => reportPicture(72, ['-quality', '35']));
}

/** Scanned at 96 dpi, softened a little by the scanner, a quality 50 JPEG. */
export function lowDpiPrenatalReport(): Promise<Buffer> {
  return once('96dpi.jpg', () => reportPicture(96, ['-blur', '0x0.4', '-quality', '50']));
}

/**
 * Photographed with a phone: held at an angle (a slight perspective), turned 3°, a shadow across from the
 * top left, out of focus and grainy, a quality 60 JPEG.
 */
export function phonePhotoPrenatalReport(): Promise<Buffer> {
  return once('phone.jpg', async () => {
    const flat = await reportPicture(150, ['-background', 'white', '-rotate', '3'], 'png');
    const { width = 1, height = 1 } = await sharp(flat).metadata();
    const inset = Math.round(width * 0.03);
    return await imageMagick(
      [
        'png:-',
        '-virtual-pixel',
        'white',
        '-distort',
        'Perspective',
        `0,0 ${inset},0  ${width},0 ${width - inset},${inset}  0,${height} 0,${height}  ${width},${height} ${width},${height}`,
        ...shadowOptions(width, height, '35%', '75%'),
        '-blur',
        '0x0.7',
        // The same grain every run, so that the reading is the same every run.
        '-seed',
        '31',
        '-attenuate',
        '0.4',
        '+noise',
        'Gaussian',
        '-quality',
        '60',
        'jpg:-',
      ],
      flat,
    );
  });
}

/** The report's results in a ruled table (analyte, result, reference) scanned at 96 dpi, a quality 45 JPEG. */
export function tablePrenatalReport(): Promise<Buffer> {
  return once('table.jpg', () => {
    const rows = PRENATAL_RESULTS;
    const columns = [30, 260, 480, 760];
    const rowHeight = 44;
    const top = 70;
    const bottom = top + rowHeight * (rows.length + 1);
    const draw: string[] = ['-fill', 'none', '-stroke', 'black', '-strokewidth', '3'];
    for (let row = 0; row <= rows.length + 1; row += 1)
      draw.push('-draw', `line ${columns[0]},${top + row * rowHeight} ${columns.at(-1)},${top + row * rowHeight}`);
    for (const x of columns) draw.push('-draw', `line ${x},${top} ${x},${bottom}`);
    draw.push('-fill', 'black', '-stroke', 'none', '-draw', `text 30,45 'RESULTADOS DE EXAMES'`);
    [['Exame', 'Resultado', 'Referência'], ...rows].forEach((cells, row) =>
      cells.forEach((text, column) =>
        draw.push('-draw', `text ${columns[column]! + 10},${top + (row + 1) * rowHeight - 14} '${text}'`),
      ),
    );
    return drawnPicture(`790x${bottom + 30}`, draw, { resize: '64%', quality: 45 });
  });
}
