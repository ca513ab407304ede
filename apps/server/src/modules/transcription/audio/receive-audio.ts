import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError, fieldError } from '../../../platform/errors';

// WAV, WebM/Opus, Ogg/Opus, MP3, M4A/AAC (Safari's MediaRecorder writes MP4), FLAC.
const AUDIO_EXTENSIONS = new Set(['wav', 'webm', 'ogg', 'opus', 'oga', 'mp3', 'm4a', 'mp4', 'aac', 'flac']);
// file-type reads at most this many bytes to recognise a format.
const SNIFF_BYTES = 4100;

export interface ReceivedAudio {
  contentType: string;
  extension: string;
  /** The whole file, streamed; fails with 413 once it passes the limit. */
  body: Readable;
  /** Bytes read so far: the file's size once `body` has ended. */
  size(): number;
}

/**
 * The multipart field `file`, recognised as audio by its content, not its name or declared type
 * (else 415), streamed so that a file over `maxBytes` is refused (413) before it is all read.
 */
export async function receiveAudio(request: FastifyRequest, maxBytes: number): Promise<ReceivedAudio> {
  const part = await request.file({ limits: { fileSize: maxBytes, files: 1 } }).catch(rethrowTooLarge);
  if (!part || part.fieldname !== 'file') throw fieldError(['body', 'file'], 'Envie o áudio no campo file', 'missing');
  const chunks = part.file[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const headParts: Buffer[] = [];
  let size = 0;
  let isEnded = false;
  // Busboy stops at the limit and marks the stream truncated, without failing it.
  const refuseTruncated = () => {
    if (part.file.truncated) rethrowTooLarge({ code: 'FST_REQ_FILE_TOO_LARGE' });
  };
  while (size < SNIFF_BYTES) {
    const next = await chunks.next().catch(rethrowTooLarge);
    refuseTruncated();
    if (next.done) {
      isEnded = true;
      break;
    }
    headParts.push(next.value);
    size += next.value.length;
  }
  const head = Buffer.concat(headParts);
  const type = await fileTypeFromBuffer(head);
  if (!type || !AUDIO_EXTENSIONS.has(type.ext)) {
    part.file.resume();
    throw new AppError(
      'unsupported_media_type',
      'O arquivo não é um áudio em formato aceito (WAV, WebM, Ogg, MP3, M4A, AAC ou FLAC)',
    );
  }
  async function* whole(): AsyncGenerator<Buffer> {
    yield head;
    while (!isEnded) {
      const next = await chunks.next().catch(rethrowTooLarge);
      refuseTruncated();
      if (next.done) break;
      size += next.value.length;
      yield next.value;
    }
  }
  return { contentType: type.mime, extension: type.ext, body: Readable.from(whole()), size: () => size };
}

/** Reads the upload to its end without keeping it, so the client sees its answer, not a broken pipe. */
export async function discardUpload(request: FastifyRequest): Promise<void> {
  // The answer is already decided: a broken or oversized upload changes nothing, so its errors are moot.
  const part = await request.file().catch(() => undefined);
  if (part)
    await pipeline(part.file, new Writable({ write: (_chunk, _encoding, done) => done() })).catch(() => undefined);
}

function rethrowTooLarge(error: unknown): never {
  if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
    throw new AppError('payload_too_large', 'O trecho de áudio passa do tamanho máximo (MAX_CHUNK_MB)');
  }
  throw error;
}
