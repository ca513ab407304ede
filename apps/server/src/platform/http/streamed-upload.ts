import type { FastifyRequest } from 'fastify';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError, fieldError } from '../errors';

/** What an upload route accepts, and the words of its refusals. */
export interface UploadRules<T> {
  /** Largest file accepted; a larger one is refused (413) while it streams. */
  maxBytes: number;
  /** How many leading bytes `detect` needs when it is not given the whole file. */
  headBytes: number;
  /** The accepted type `head` shows, or undefined; `isWhole` when `head` is the whole file. */
  detect(head: Buffer, isWhole: boolean): Promise<T | undefined>;
  /** A refused head that only the whole file can decide (a DOCX is a zip with its type entry maybe last). */
  needsWholeFile?(head: Buffer): boolean;
  messages: {
    /** 422 when the multipart field `file` is absent. */
    missing: string;
    /** 422 for an empty file; without it an empty file is left to `detect`. */
    empty?: string;
    /** 413 once the file passes `maxBytes`. */
    tooLarge: string;
    /** 415 when `detect` refuses the file. */
    unsupported: string;
  };
}

export interface StreamedUpload<T> {
  type: T;
  /** The name the browser sent, as is: clean it before keeping it. */
  fileName: string | undefined;
  /** The whole file, streamed; fails with 413 once it passes the limit. */
  body: Readable;
  /** Bytes read so far: the file's size once `body` has ended. */
  size(): number;
}

/**
 * The multipart field `file`, recognised by its content, not its name or declared type (else 415),
 * streamed so that a file over `maxBytes` is refused (413) before it is all read and without ever
 * holding it whole.
 */
export async function receiveUpload<T>(request: FastifyRequest, rules: UploadRules<T>): Promise<StreamedUpload<T>> {
  const rethrowTooLarge = (error: unknown): never => {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('payload_too_large', rules.messages.tooLarge);
    }
    throw error;
  };
  const part = await request.file({ limits: { fileSize: rules.maxBytes, files: 1 } }).catch(rethrowTooLarge);
  if (!part || part.fieldname !== 'file') throw fieldError(['body', 'file'], rules.messages.missing, 'missing');
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
  while (size < rules.headBytes) {
    const result = await next();
    if (result.done) {
      isEnded = true;
      break;
    }
    headParts.push(result.value);
    size += result.value.length;
  }
  if (size === 0 && rules.messages.empty) throw fieldError(['body', 'file'], rules.messages.empty, 'empty');
  let head = Buffer.concat(headParts);
  let type = await rules.detect(head, isEnded);
  if (!type && !isEnded && rules.needsWholeFile?.(head)) {
    // Such files are small; the size limit still holds.
    const rest: Buffer[] = [head];
    for (let result = await next(); !result.done; result = await next()) {
      rest.push(result.value);
      size += result.value.length;
    }
    head = Buffer.concat(rest);
    isEnded = true;
    type = await rules.detect(head, true);
  }
  if (!type) {
    part.file.resume();
    throw new AppError('unsupported_media_type', rules.messages.unsupported);
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

/** Reads the upload to its end without keeping it, so the client sees its answer, not a broken pipe. */
export async function discardUpload(request: FastifyRequest): Promise<void> {
  // The answer is already decided: a broken or oversized upload changes nothing, so its errors are moot.
  const part = await request.file().catch(() => undefined);
  if (part)
    await pipeline(part.file, new Writable({ write: (_chunk, _encoding, done) => done() })).catch(() => undefined);
}
