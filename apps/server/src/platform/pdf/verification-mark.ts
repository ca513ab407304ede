import type { PDFPage } from 'pdf-lib';
import qrcode from 'qrcode-generator';
import type { DocumentFonts } from './fonts';
import { INK, MARGIN, MUTED } from './page-flow';

/** Where an issued document is checked: its address (the QR code's) and access code ("ABCD-EFGH"). */
export interface Verification {
  url: string;
  code: string;
}

// About 15 mm: read by a phone from paper and by zbarimg from a 150 dpi render (a module is over 3 pixels).
const QR_SIZE = 44;
const TEXT_SIZE = 7.5;

/**
 * The QR code of the document's address in the bottom margin of a page, with the address and the code beside
 * it: a pharmacy scans it (ITI VALIDAR asks the code) and the patient opens it on the public page.
 */
export function drawVerificationMark(page: PDFPage, fonts: DocumentFonts, verification: Verification): void {
  const qr = qrcode(0, 'M');
  qr.addData(verification.url, 'Byte');
  qr.make();
  const count = qr.getModuleCount();
  const module = QR_SIZE / count;
  const left = MARGIN.side;
  const bottom = (MARGIN.bottom - QR_SIZE) / 2;
  for (let row = 0; row < count; row += 1) {
    for (let column = 0; column < count; column += 1) {
      if (!qr.isDark(row, column)) continue;
      // A module's own rectangle, a hair wider, so that no seam shows between neighbours.
      page.drawRectangle({
        x: left + column * module,
        y: bottom + (count - 1 - row) * module,
        width: module + 0.05,
        height: module + 0.05,
        color: INK,
      });
    }
  }
  const lines: [string, typeof fonts.regular][] = [
    ['Confira este documento em', fonts.regular],
    [verification.url, fonts.regular],
    [`com o código ${verification.code}`, fonts.bold],
  ];
  const x = left + QR_SIZE + 8;
  lines.forEach(([text, font], index) => {
    page.drawText(text, {
      x,
      y: bottom + QR_SIZE - (index + 1) * (TEXT_SIZE + 3.5),
      size: TEXT_SIZE,
      font,
      color: index === 2 ? INK : MUTED,
    });
  });
}
