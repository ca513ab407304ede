import { BRAZIL_TIME_ZONE, calendarDayIn, ZErrorBody } from '@escriba/contract';
import type { FastifyReply } from 'fastify';
import { contentDisposition } from '../../providers/documents/clean-file-name';

/** What a PDF route answers besides the file: 409 and 422 for what stops a signature, 429 for guessing. */
export const PDF_ROUTE_ERRORS = { 401: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody, 422: ZErrorBody, 429: ZErrorBody };
/** A signed PDF's errors: also 503 when the cloud certificate's provider does not answer. */
export const SIGNED_PDF_ROUTE_ERRORS = { ...PDF_ROUTE_ERRORS, 503: ZErrorBody };

/** What signs, as the signed routes describe it. */
export const SIGNERS =
  'signer a1 (padrão) assina com o certificado A1 guardado no perfil, aberto com password (que não é guardada): 409 sem certificado cadastrado, 422 para senha incorreta ou certificado vencido, 429 depois de CERTIFICATE_PASSWORD_FAILURES senhas erradas em 15 minutos. signer cloud assina com o certificado em nuvem conectado no perfil, pela API do seu provedor PSC: 409 sem conexão ou com a autorização expirada (autorize de novo), 503 quando o provedor não responde (nada é assinado).';

/** "receita-2026-11-26.pdf", "receita-assinada-2026-11-26.pdf": the document and its day of issue. */
export const pdfFileName = (name: string, signed: boolean) =>
  `${name}${signed ? '-assinada' : ''}-${calendarDayIn(BRAZIL_TIME_ZONE)}.pdf`;

/**
 * A document's PDF as the answer, shown in the browser's viewer (a download with `download`). Never kept
 * in a cache: each one is issued at its time, and it holds clinical data.
 */
export function sendPdf(reply: FastifyReply, pdf: Buffer, fileName: string, download = false) {
  return reply
    .headers({
      'content-type': 'application/pdf',
      'content-length': String(pdf.length),
      'content-disposition': contentDisposition(fileName, download ? 'attachment' : 'inline'),
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    })
    .send(pdf);
}

/** What the routes that issue a PDF say of it. */
export const ISSUED_PDF =
  'Emitido: guardado como saiu, com um QR code e o código de acesso em cada página, pelos quais a farmácia ou o paciente o confere em PUBLIC_URL/v/{public_id} (o endereço e o código ficam na lista …/issued-documents).';
