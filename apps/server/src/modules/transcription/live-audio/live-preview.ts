import { LIVE_AUDIO_SAMPLE_RATE } from '@escriba/contract';
import { RealtimeError } from '../../../providers/asr/realtime-transcription';
import type { App } from '../../../platform/services';
import { publishInterim, publishLiveDelayed } from '../transcript-messages';

// Committed this often, so a word reaches the page about this long after it is said, plus the provider's answer.
// Shorter pieces come sooner but are read with less context; the stored chunk's final text replaces them anyway.
export const PIECE_SECONDS = 0.5;
const PIECE_SAMPLES = PIECE_SECONDS * LIVE_AUDIO_SAMPLE_RATE;
// What is left when the chunk is cut is committed too, unless it is only a breath.
const LAST_PIECE_MIN_SAMPLES = 0.1 * LIVE_AUDIO_SAMPLE_RATE;
// A chunk is at most 15 s (the recorder's chunker); audio past this is not relayed.
const MAX_UTTERANCE_SAMPLES = 20 * LIVE_AUDIO_SAMPLE_RATE;
// Audio comes as fast as it is spoken, after what the recorder kept while the socket opened: audio sent faster than
// this is not relayed, so a client cannot run up the provider's bill.
const MAX_PACE = 1.5;
const CATCH_UP_SAMPLES = 5 * LIVE_AUDIO_SAMPLE_RATE;

interface Utterance {
  seq: number;
  start: number;
  /** Each committed piece's words so far, in order. */
  pieces: string[];
  /** The words last sent, so a piece's completed text equal to its deltas is not sent again. */
  shown: string;
  buffered: Int16Array[];
  bufferedSamples: number;
  streamedSamples: number;
  isDelayNoticeSent: boolean;
}

/**
 * The words of the chunk being spoken, from the audio the recorder streams as it captures it (issue 34): relayed to
 * the streaming provider in pieces of PIECE_SECONDS on a connection of its own, the words heard so far sent as the
 * chunk's interim `transcript` message as they come. Nothing is stored: the uploaded chunk's final text replaces
 * them. One per recorder socket.
 */
export class LivePreview {
  private utterance: Utterance | undefined;
  private isClosed = false;
  private readonly openedAt = performance.now();
  private receivedSamples = 0;

  constructor(
    private readonly app: App,
    private readonly userId: string,
    private readonly consultationId: string,
    private readonly streamKey: string,
  ) {}

  begin(seq: number, start: number): void {
    this.finish();
    this.utterance = {
      seq,
      start,
      pieces: [],
      shown: '',
      buffered: [],
      bufferedSamples: 0,
      streamedSamples: 0,
      isDelayNoticeSent: false,
    };
  }

  append(samples: Int16Array): void {
    this.receivedSamples += samples.length;
    const seconds = (performance.now() - this.openedAt) / 1000;
    if (this.receivedSamples > CATCH_UP_SAMPLES + seconds * MAX_PACE * LIVE_AUDIO_SAMPLE_RATE) return;
    const utterance = this.utterance;
    if (!utterance || utterance.streamedSamples >= MAX_UTTERANCE_SAMPLES) return;
    utterance.buffered.push(samples);
    utterance.bufferedSamples += samples.length;
    utterance.streamedSamples += samples.length;
    if (utterance.bufferedSamples >= PIECE_SAMPLES) this.commit(utterance);
  }

  /** The chunk was cut: what is left of it is committed, and audio arriving after it is ignored. */
  end(seq: number): void {
    if (this.utterance?.seq === seq) this.finish();
  }

  /**
   * The recorder's socket closed (a stop, a page left, a network drop): nothing more is committed. Pieces in flight
   * still show their words; the connection closes once idle.
   */
  close(): void {
    this.utterance = undefined;
    this.isClosed = true;
  }

  private finish(): void {
    const utterance = this.utterance;
    this.utterance = undefined;
    if (utterance && utterance.bufferedSamples >= LAST_PIECE_MIN_SAMPLES) this.commit(utterance);
  }

  private commit(utterance: Utterance): void {
    const realtime = this.app.providers.realtime;
    if (!realtime) return;
    const samples = new Int16Array(utterance.bufferedSamples);
    let offset = 0;
    for (const part of utterance.buffered) {
      samples.set(part, offset);
      offset += part.length;
    }
    utterance.buffered = [];
    utterance.bufferedSamples = 0;
    const piece = utterance.pieces.push('') - 1;
    const end = utterance.start + utterance.streamedSamples / LIVE_AUDIO_SAMPLE_RATE;
    const show = (words: string) => {
      utterance.pieces[piece] = words;
      const text = utterance.pieces.filter(Boolean).join(' ');
      if (!text || text === utterance.shown) return;
      utterance.shown = text;
      const chunk = { seq: utterance.seq, start: utterance.start, end };
      void publishInterim(this.app, this.userId, this.consultationId, chunk, text);
    };
    realtime
      .transcribe(this.streamKey, { samples, sampleRate: LIVE_AUDIO_SAMPLE_RATE }, show)
      .then(show, (error: unknown) => this.delayed(utterance, error));
  }

  /** A piece the stream could not read: the page is told once per chunk; the chunk's stored audio is transcribed. */
  private delayed(utterance: Utterance, error: unknown): void {
    if (this.isClosed) return;
    const reason = error instanceof RealtimeError ? error.message : 'erro inesperado';
    if (!(error instanceof RealtimeError)) this.app.log.error({ err: error }, 'live preview failed');
    if (utterance.isDelayNoticeSent) return;
    utterance.isDelayNoticeSent = true;
    void publishLiveDelayed(this.app, this.userId, this.consultationId, reason);
  }
}
