import type { FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';
import { AppError, fieldError } from '../../platform/errors';
import {
  ACCEPTED_TYPES_LABEL,
  DETECTION_HEAD_BYTES,
  detectDocumentType,
  type DocumentType,
} from '../../providers/documents/detect-document-type';

export interface ReceivedDocument {
  type: DocumentType;
  /** The name the browser sent, as is: clean it before keeping it. */
  fileName: string | undefined;
  /** The whole file, streamed; fails with 413 once it passes the limit. */
  body: Readable;
  /** Bytes read so far: the file's size once `body` has ended. */
  size(): number;
}

/**
 * The multipart field `file`, recognised as an accepted document by its content, not its name or
 * declared type (else 415), never empty (422), streamed so that a file over `maxBytes` is refused
 * (413) before it is all read and without ever holding it whole.
 */
export async function receiveDocument(request: FastifyRequest, maxBytes: number): Promise<ReceivedDocument> {
  const rethrowTooLarge = (error: unknown): never => {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      const megabytes = Math.round((maxBytes / 1024 / 1024) * 10) / 10;
      throw new AppError('payload_too_large', `O arquivo passa do tamanho máximo de ${megabytes} MB`);
    }
    throw error;
  };
  const part = await request.file({ limits: { fileSize: maxBytes, files: 1 } }).catch(rethrowTooLarge);
  if (!part || part.fieldname !== 'file')
    throw fieldError(['body', 'file'], 'Envie o arquivo no campo file', 'missing');
  const chunks = part.file[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  // Busboy stops at the limit and marks the stream truncated, without failing it.
  const next = async () => {
    const result = await chunks.next().catch(rethrowTooLarge);
    if (part.file.truncated) rethrowTooLarge({ code: 'FST_REQ_FILE_TOO_LARGE' });
    return result;
  };
  const headParts: Buffer[] = [];
  let size = 0;
  let isEnded = false;
  while (size < DETECTION_HEAD_BYTES) {
    const result = await next();
    if (result.done) {
      isEnded = true;
      break;
    }
    headParts.push(result.value);
    size += result.value.length;
  }
  if (size === 0) throw fieldError(['body', 'file'], 'O arquivo está vazio', 'empty');
  let head = Buffer.concat(headParts);
  let type = await detectDocumentType(head, isEnded);
  if (!type && !isEnded && isZip(head)) {
    // A DOCX is a zip whose [Content_Types].xml may come last (some writers put it at the end): only
    // the whole file tells it from any other zip. Such files are small; the size limit still holds.
    const rest: Buffer[] = [head];
    for (let result = await next(); !result.done; result = await next()) {
      rest.push(result.value);
      size += result.value.length;
    }
    head = Buffer.concat(rest);
    isEnded = true;
    type = await detectDocumentType(head, true);
  }
  if (!type) {
    part.file.resume();
    throw new AppError('unsupported_media_type', `Tipo de arquivo não aceito. Envie ${ACCEPTED_TYPES_LABEL}`);
  }
  async function* whole(): AsyncGenerator<Buffer> {
    yield head;
    while (!isEnded) {
      const result = await next();
      if (result.done) break;
      size += result.value.length;
      yield result.value;
    }
  }
  return { type, fileName: part.filename, body: Readable.from(whole()), size: () => size };
}

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

function isZip(head: Buffer): boolean {
  return head.subarray(0, ZIP_MAGIC.length).equals(ZIP_MAGIC);
}
