import type { FastifyReply } from 'fastify';
import { contentDisposition } from '../../providers/documents/clean-file-name';

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
