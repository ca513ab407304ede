import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { receiveUpload, type StreamedUpload } from '../../../platform/http/streamed-upload';

// WAV, WebM/Opus, Ogg/Opus, MP3, M4A/AAC (Safari's MediaRecorder writes MP4), FLAC.
const AUDIO_EXTENSIONS = new Set(['wav', 'webm', 'ogg', 'opus', 'oga', 'mp3', 'm4a', 'mp4', 'aac', 'flac']);
// file-type reads at most this many bytes to recognise a format.
const SNIFF_BYTES = 4100;

export interface AudioType {
  mime: string;
  extension: string;
}

/**
 * The multipart field `file`, recognised as audio by its content, not its name or declared type
 * (else 415), streamed so that a file over `maxBytes` is refused (413) before it is all read.
 */
export function receiveAudio(request: FastifyRequest, maxBytes: number): Promise<StreamedUpload<AudioType>> {
  return receiveUpload(request, {
    maxBytes,
    headBytes: SNIFF_BYTES,
    detect: detectAudioType,
    messages: {
      missing: 'Envie o áudio no campo file',
      tooLarge: 'O trecho de áudio passa do tamanho máximo (MAX_CHUNK_MB)',
      unsupported: 'O arquivo não é um áudio em formato aceito (WAV, WebM, Ogg, MP3, M4A, AAC ou FLAC)',
    },
  });
}

async function detectAudioType(head: Buffer): Promise<AudioType | undefined> {
  const type = await fileTypeFromBuffer(head);
  return type && AUDIO_EXTENSIONS.has(type.ext) ? { mime: type.mime, extension: type.ext } : undefined;
}
