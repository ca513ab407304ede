import {
  LIVE_AUDIO_CLOSE_CODES,
  LIVE_AUDIO_SAMPLE_RATE,
  SESSION_ENDED_CLOSE_CODE,
  type TLiveAudioMessage,
} from '@escriba/contract';
import { toInt16 } from '../../../../lib/audio/wav';
import { buildLiveUrl } from '../../../../lib/live-connection';
import { sessionStore } from '../../../../lib/session-store';

export type LiveAudioSocket = Pick<WebSocket, 'send' | 'close' | 'readyState' | 'bufferedAmount'> & {
  binaryType: BinaryType;
  onopen: ((event: Event) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
};

/** What the recorder tells the live audio stream as it gathers chunks (the voice activity chunker's listener). */
export interface LiveAudio {
  /** Speech began: the audio that follows is the chunk to be uploaded as `seq`, `start` s into the recording. */
  utterance(seq: number, start: number): void;
  audio(samples: Float32Array): void;
  /** The chunk being gathered was cut (uploaded, or dropped as a cough). */
  cut(): void;
  close(): void;
}

// Sent in frames of 0.1 s: a word waits at most this long in the browser.
const FRAME_SAMPLES = LIVE_AUDIO_SAMPLE_RATE / 10;
// While the socket opens, up to 3 s of audio waits; on a connection this far behind, frames are skipped.
const MAX_WAITING_FRAMES = 30;
const MAX_BUFFERED_BYTES = 256 * 1024;
// The server says there is nothing to stream to (batch transcription) or no such consultation, or the session ended.
const FINAL_CLOSE_CODES = new Set<number>([
  LIVE_AUDIO_CLOSE_CODES.unavailable,
  LIVE_AUDIO_CLOSE_CODES.notFound,
  SESSION_ENDED_CLOSE_CODE,
]);
const OPEN = 1;

/**
 * Streams the chunk being gathered to the server as it is captured (issue 34), so its words show while they are
 * spoken when the server transcribes in real time. Best effort: the uploaded chunk is what is transcribed and
 * kept, so a socket that drops only costs the words so far until it reopens at the next utterance, and a server
 * that transcribes by batch closes it for good at once.
 */
export function createLiveAudio(createSocket: () => LiveAudioSocket): LiveAudio {
  let socket: LiveAudioSocket | undefined;
  let isOver = false;
  let waiting: (string | ArrayBuffer)[] = [];
  const frame = new Int16Array(FRAME_SAMPLES);
  let framed = 0;
  let seq: number | undefined;

  function open(): LiveAudioSocket {
    const current = createSocket();
    current.binaryType = 'arraybuffer';
    current.onopen = () => {
      waiting.forEach((message) => current.send(message));
      waiting = [];
    };
    current.onclose = (event) => {
      if (socket !== current) return;
      socket = undefined;
      waiting = [];
      if (FINAL_CLOSE_CODES.has(event.code)) isOver = true;
    };
    return current;
  }

  function send(message: string | ArrayBuffer, isAudio: boolean): void {
    if (isOver) return;
    socket ??= open();
    if (socket.readyState !== OPEN) {
      const waitingFrames = waiting.filter((waited) => typeof waited !== 'string').length;
      if (!isAudio || waitingFrames < MAX_WAITING_FRAMES) waiting.push(message);
      return;
    }
    if (isAudio && socket.bufferedAmount > MAX_BUFFERED_BYTES) return;
    socket.send(message);
  }

  const control = (message: TLiveAudioMessage) => send(JSON.stringify(message), false);

  function flushFrame(): void {
    if (framed === 0) return;
    send(frame.slice(0, framed).buffer, true);
    framed = 0;
  }

  return {
    utterance(next, start) {
      seq = next;
      framed = 0;
      control({ type: 'utterance', seq: next, start: Math.round(start * 1000) / 1000 });
    },
    audio(samples) {
      if (seq === undefined || isOver) return;
      const pcm = toInt16(samples);
      for (let offset = 0; offset < pcm.length;) {
        const taken = Math.min(FRAME_SAMPLES - framed, pcm.length - offset);
        frame.set(pcm.subarray(offset, offset + taken), framed);
        framed += taken;
        offset += taken;
        if (framed === FRAME_SAMPLES) flushFrame();
      }
    },
    cut() {
      if (seq === undefined) return;
      flushFrame();
      control({ type: 'utterance_end', seq });
      seq = undefined;
    },
    close() {
      isOver = true;
      socket?.close();
      socket = undefined;
    },
  };
}

/** The live audio of a recording of the consultation, on the session's live channel address. */
export function liveAudioOf(consultationId: string): LiveAudio {
  return createLiveAudio(() => {
    const { user, session } = sessionStore.getState();
    const channel = buildLiveUrl(window.location, user?.id ?? '', session?.streamToken ?? '');
    return new WebSocket(`${channel}/consultations/${encodeURIComponent(consultationId)}/audio`);
  });
}
