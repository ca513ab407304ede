import { randomUUID } from 'node:crypto';
import { LIVE_AUDIO_CLOSE_CODES, ZLiveAudioMessage } from '@escriba/contract';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import type { App } from '../../../platform/services';
import { assertOwnConsultation } from '../../consultations/get-consultation';
import { endConnection } from '../../live/live-hub';
import { streamSession, ZLiveParams } from '../../live/stream-session';
import { LivePreview } from './live-preview';

const ZLiveAudioParams = ZLiveParams.extend({ consultationId: z.uuid() });
// A second of audio per frame at most; the recorder sends a fifth of that.
const MAX_FRAME_BYTES = 32_000;
// WebSocket's "invalid frame payload data".
const INVALID_PAYLOAD_CLOSE_CODE = 1007;
// The recorder sends what it kept while the socket opened at once: about 3 s of frames and their utterance.
const MAX_EARLY_MESSAGES = 64;

type Message = [data: Buffer, isBinary: boolean];

/**
 * The recorder's live audio (issue 34, `LiveAudioMessage` in the contract): the words of the chunk being spoken,
 * shown while it is spoken, with TRANSCRIPTION_MODE=realtime. Outside /api, authenticated as the live channel is.
 */
export async function liveAudioRoutes(app: App): Promise<void> {
  app.get(
    '/v1/ws/user/:userId/token/:streamToken/consultations/:consultationId/audio',
    { websocket: true, config: { access: 'public' } },
    async (socket, request) => {
      // What arrives while the session and the consultation are checked waits for them: a message with no
      // listener yet is lost.
      const early: Message[] = [];
      const keep = (...message: Message) => {
        if (early.length < MAX_EARLY_MESSAGES) early.push(message);
      };
      socket.on('message', keep);
      const params = ZLiveAudioParams.safeParse(request.params);
      const active = params.success ? await streamSession(app, params.data.userId, params.data.streamToken) : undefined;
      if (!params.success || !active) return endConnection(socket, 'Sessão inválida ou expirada');
      const { consultationId } = params.data;
      if (!app.providers.realtime) return socket.close(LIVE_AUDIO_CLOSE_CODES.unavailable, 'batch');
      const isOwn = await assertOwnConsultation(app.db, active.user.id, consultationId).then(
        () => true,
        () => false,
      );
      if (!isOwn) return socket.close(LIVE_AUDIO_CLOSE_CODES.notFound, 'not found');
      socket.off('message', keep);
      // Closed by the recorder while it was checked.
      if (socket.readyState !== socket.OPEN) return;
      relay(socket, new LivePreview(app, active.user.id, consultationId, `live:${randomUUID()}`), early);
    },
  );
}

function relay(socket: WebSocket, preview: LivePreview, early: Message[]): void {
  socket.on('close', () => preview.close());
  const receive = (data: Buffer, isBinary: boolean) => {
    if (isBinary) {
      if (data.length % 2 !== 0 || data.length > MAX_FRAME_BYTES) return socket.close(INVALID_PAYLOAD_CLOSE_CODE);
      // Copied out of the frame: the piece is kept until it is committed.
      const samples = new Int16Array(data.length / 2);
      Buffer.from(samples.buffer).set(data);
      return preview.append(samples);
    }
    const message = ZLiveAudioMessage.safeParse(parseJson(data.toString()));
    if (!message.success) return socket.close(INVALID_PAYLOAD_CLOSE_CODE);
    if (message.data.type === 'utterance') preview.begin(message.data.seq, message.data.start);
    else preview.end(message.data.seq);
  };
  for (const [data, isBinary] of early) receive(data, isBinary);
  socket.on('message', receive);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
