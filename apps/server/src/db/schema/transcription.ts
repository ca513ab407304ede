import type { TProviderStatus, TSpeaker, TTranscriptionMode, TTranscriptState, TWhisperSize } from '@escriba/contract';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { consultations } from './consultations';

/** One consultation's live transcription: its settings, and whether chunks are accepted. */
export const transcriptions = pgTable('transcriptions', {
  consultationId: uuid('consultation_id')
    .primaryKey()
    .references(() => consultations.id, { onDelete: 'cascade' }),
  mode: text('mode').$type<TTranscriptionMode>(),
  whisperSize: text('whisper_size').$type<TWhisperSize>(),
  state: text('state').$type<TTranscriptState>().notNull().default('recording'),
  // The first seq of the current run: after "continuar gravação", only later chunks are appended
  // to the stored (possibly corrected) transcript.
  runStartSeq: integer('run_start_seq').notNull().default(0),
  providerStatus: text('provider_status').$type<TProviderStatus>().notNull().default('ok'),
  providerDetail: text('provider_detail'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A provider's segment of one chunk, times in seconds from the chunk's start. */
export interface StoredSegment {
  start: number;
  end: number;
  text: string;
  /** The provider's own name for the voice (a diarizing server's "SPEAKER_00", OpenAI's "A"). */
  speakerId?: string;
  /** Who said it, as the role pass labelled it from the content (when the provider gave no voice). */
  speaker?: TSpeaker;
}

/**
 * One accepted audio chunk, stored once per (consultation, seq). `pending` until transcribed;
 * `done` with its text (empty for silence); its audio key is cleared when the audio is deleted.
 * `failed` when its audio cannot be transcribed (corrupt, or refused by the provider), with the
 * reason in `failure`; its audio is kept whatever AUDIO_RETENTION says.
 */
export const transcriptChunks = pgTable(
  'transcript_chunks',
  {
    consultationId: uuid('consultation_id')
      .notNull()
      .references(() => consultations.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    audioKey: text('audio_key'),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    status: text('status').$type<'pending' | 'done' | 'failed'>().notNull().default('pending'),
    failure: text('failure'),
    // Seconds of audio, known once decoded; offsets of later chunks are sums of these (double: a
    // sum of float4 values would not equal the ends already sent).
    duration: doublePrecision('duration'),
    // What the recorder's own voice activity detector said (issue 34): true, the chunk holds speech and the
    // server's speech gate never drops it; null, it said nothing and the gate decides.
    isSpeechDetected: boolean('speech_detected'),
    // Seconds of silence the recorder heard and did not send just before this chunk: they count on the timeline.
    silenceBefore: doublePrecision('silence_before').notNull().default(0),
    segments: jsonb('segments').$type<StoredSegment[]>(),
    text: text('text'),
    // False between a chunk's outcome being stored and its live message being sent (after the commit): the
    // transcript's `end` waits until every chunk's message has gone out, so it always comes last.
    isAnnounced: boolean('announced').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    transcribedAt: timestamp('transcribed_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.consultationId, table.seq] }),
    index('transcript_chunks_pending_idx').on(table.status, table.consultationId),
  ],
);
