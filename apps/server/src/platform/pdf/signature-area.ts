import { OUTSIDE_ICP_BRASIL } from '@escriba/contract';
import { brasiliaDateTime } from './brasilia-time';
import { INK, LINE, MARGIN, MUTED, PAGE_SIZE, type PageFlow, type TextStyle } from './page-flow';
import type { DocumentFonts } from './fonts';
import type { Letterhead } from './document-header';

/** How the document is signed: by hand on paper, or digitally with an A1 certificate. */
export type SignatureKind =
  | { kind: 'hand' }
  | {
      kind: 'digital';
      /** The certificate's holder and issuer, shown in the block. */
      holderName: string;
      issuer: string;
      /** Whether the certificate's chain reaches an ICP-Brasil root; outside it the block says so plainly. */
      icpBrasil: boolean;
      signedAt: Date;
    };

const BLOCK_WIDTH = 300;
const HAND_LINE_WIDTH = 240;

/** Whose certificate signed, and whether it is ICP-Brasil's: outside it, in bold, that it will not be accepted. */
function certificateLines(
  { holderName, issuer, icpBrasil }: Extract<SignatureKind, { kind: 'digital' }>,
  inside: Omit<TextStyle, 'font' | 'size'>,
  fonts: DocumentFonts,
): [string, TextStyle][] {
  const small = { ...inside, font: fonts.regular, size: 8, color: MUTED };
  if (icpBrasil)
    return [
      [`Certificado ICP-Brasil de ${holderName}`, small],
      [`emitido por ${issuer}`, small],
    ];
  return [
    [OUTSIDE_ICP_BRASIL, { ...inside, font: fonts.bold, size: 8 }],
    [`Certificado de ${holderName}, emitido por ${issuer}`, small],
  ];
}

/**
 * The end of a document: a line to sign by hand over the name and license, or the visible block of a
 * digital signature; answers the block's rectangle ([x1, y1, x2, y2]) for the signature field.
 */
export function drawSignatureArea(
  flow: PageFlow,
  fonts: DocumentFonts,
  professional: Letterhead['professional'],
  signature: SignatureKind,
): [number, number, number, number] {
  const centre = PAGE_SIZE[0] / 2;
  const credentials = professional.credentials ?? '';
  if (signature.kind === 'hand') {
    flow.ensureRoom(90);
    flow.space(48);
    flow.page.drawLine({
      start: { x: centre - HAND_LINE_WIDTH / 2, y: flow.y },
      end: { x: centre + HAND_LINE_WIDTH / 2, y: flow.y },
      thickness: 0.8,
      color: INK,
    });
    const top = flow.y;
    flow.space(2);
    flow.text(professional.name, { font: fonts.bold, size: 10, align: 'center' });
    if (credentials) flow.text(credentials, { font: fonts.regular, size: 9, align: 'center' });
    return [centre - HAND_LINE_WIDTH / 2, flow.y, centre + HAND_LINE_WIDTH / 2, top];
  }
  const padding = 8;
  const left = centre - BLOCK_WIDTH / 2;
  const inside = { indent: left + padding - MARGIN.side, width: BLOCK_WIDTH - 2 * padding, align: 'center' } as const;
  const lines: [string, TextStyle][] = [
    ['Assinado digitalmente', { ...inside, font: fonts.bold, size: 10 }],
    [professional.name, { ...inside, font: fonts.bold, size: 10 }],
    ...(credentials ? [[credentials, { ...inside, font: fonts.regular, size: 9 }] as [string, TextStyle]] : []),
    [`em ${brasiliaDateTime(signature.signedAt)} (horário de Brasília)`, { ...inside, font: fonts.regular, size: 9 }],
    ...certificateLines(signature, inside, fonts),
  ];
  const height = lines.reduce((sum, [text, style]) => sum + flow.height(text, style), 0) + 2 * padding;
  flow.ensureRoom(height + 24);
  flow.space(24);
  const top = flow.y;
  flow.page.drawRectangle({
    x: left,
    y: top - height,
    width: BLOCK_WIDTH,
    height,
    borderColor: LINE,
    borderWidth: 0.8,
  });
  flow.space(padding);
  for (const [text, style] of lines) flow.text(text, style);
  flow.y = top - height;
  return [left, top - height, left + BLOCK_WIDTH, top];
}
