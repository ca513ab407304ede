import type { FastifyRequest } from 'fastify';
import { receiveUpload, type StreamedUpload } from '../../platform/http/streamed-upload';
import {
  ACCEPTED_TYPES_LABEL,
  DETECTION_HEAD_BYTES,
  detectDocumentType,
  type DocumentType,
} from '../../providers/documents/detect-document-type';

/**
 * The multipart field `file`, recognised as an accepted document by its content, not its name or
 * declared type (else 415), never empty (422), streamed so that a file over `maxBytes` is refused
 * (413) before it is all read and without ever holding it whole.
 */
export function receiveDocument(request: FastifyRequest, maxBytes: number): Promise<StreamedUpload<DocumentType>> {
  const megabytes = Math.round((maxBytes / 1024 / 1024) * 10) / 10;
  return receiveUpload(request, {
    maxBytes,
    headBytes: DETECTION_HEAD_BYTES,
    detect: detectDocumentType,
    // A DOCX is a zip whose [Content_Types].xml may come last (some writers put it at the end): only
    // the whole file tells it from any other zip.
    needsWholeFile: isZip,
    messages: {
      missing: 'Envie o arquivo no campo file',
      empty: 'O arquivo está vazio',
      tooLarge: `O arquivo passa do tamanho máximo de ${megabytes} MB`,
      unsupported: `Tipo de arquivo não aceito. Envie ${ACCEPTED_TYPES_LABEL}`,
    },
  });
}

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

function isZip(head: Buffer): boolean {
  return head.subarray(0, ZIP_MAGIC.length).equals(ZIP_MAGIC);
}
