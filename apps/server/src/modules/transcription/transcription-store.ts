import type { TTranscription } from '@escriba/contract';
import { and, count, desc, eq, isNotNull, max } from 'drizzle-orm';
import type { TranscriptionConfig } from '../../config';
import type { Database } from '../../db/client';
import { consultations, transcriptChunks, transcriptions } from '../../db/schema/index';
import { DEFAULT_WHISPER_SIZE, defaultTranscriptionMode } from '../../providers/asr/create-asr-provider';

export type TranscriptionRow = typeof transcriptions.$inferSelect;

/**
 * The consultation's transcription row, locked for the transaction; created on first use with the
 * mode the professional chose last on another consultation (their preference).
 */
export async function lockTranscription(
  tx: Database,
  userId: string,
  consultationId: string,
): Promise<TranscriptionRow> {
  const [existing] = await tx
    .select()
    .from(transcriptions)
    .where(eq(transcriptions.consultationId, consultationId))
    .for('update');
  if (existing) return existing;
  const preferred = await preferredMode(tx, userId);
  await tx
    .insert(transcriptions)
    .values({ consultationId, mode: preferred?.mode ?? null, whisperSize: preferred?.whisperSize ?? null })
    .onConflictDoNothing();
  const [created] = await tx
    .select()
    .from(transcriptions)
    .where(eq(transcriptions.consultationId, consultationId))
    .for('update');
  return created!;
}

/** The mode the professional chose last, on any consultation: what a new one starts with. */
export async function preferredMode(
  db: Database,
  userId: string,
): Promise<Pick<TranscriptionRow, 'mode' | 'whisperSize'> | undefined> {
  const [preferred] = await db
    .select({ mode: transcriptions.mode, whisperSize: transcriptions.whisperSize })
    .from(transcriptions)
    .innerJoin(consultations, eq(consultations.id, transcriptions.consultationId))
    .where(and(eq(consultations.userId, userId), isNotNull(transcriptions.mode)))
    .orderBy(desc(transcriptions.updatedAt))
    .limit(1);
  return preferred;
}

/** Accepted chunks not yet transcribed, and the seq after the highest accepted. */
export async function chunkCounts(db: Database, consultationId: string): Promise<{ pending: number; nextSeq: number }> {
  const [pending] = await db
    .select({ value: count() })
    .from(transcriptChunks)
    .where(and(eq(transcriptChunks.consultationId, consultationId), eq(transcriptChunks.status, 'pending')));
  const [highest] = await db
    .select({ value: max(transcriptChunks.seq) })
    .from(transcriptChunks)
    .where(eq(transcriptChunks.consultationId, consultationId));
  return { pending: pending?.value ?? 0, nextSeq: (highest?.value ?? -1) + 1 };
}

/** The mode and size a transcription uses: its own, else the server's default. */
export function effectiveMode(
  row: Pick<TranscriptionRow, 'mode' | 'whisperSize'> | undefined,
  config: TranscriptionConfig,
) {
  const mode = row?.mode ?? defaultTranscriptionMode(config);
  return { mode, whisperSize: mode === 'faster-whisper' ? (row?.whisperSize ?? DEFAULT_WHISPER_SIZE) : null };
}

/**
 * A transcription as the API answers it; a consultation never recorded reads as an empty recording
 * with the professional's preferred mode.
 */
export function toTranscriptionView(
  row: (Pick<TranscriptionRow, 'mode' | 'whisperSize'> & Partial<TranscriptionRow>) | undefined,
  nextSeq: number,
  config: TranscriptionConfig,
): TTranscription {
  const { mode, whisperSize } = effectiveMode(row, config);
  const isConfigured = Boolean(mode === 'faster-whisper' ? config.whisper.url : config.cloud.url);
  // A failure seen by the last chunk wins; otherwise say so before any chunk has tried.
  const provider =
    row?.providerStatus && row.providerStatus !== 'ok'
      ? { status: row.providerStatus, detail: row.providerDetail ?? null }
      : isConfigured
        ? { status: 'ok' as const, detail: null }
        : { status: 'unconfigured' as const, detail: unconfiguredDetail(mode) };
  return {
    mode,
    whisper_size: whisperSize,
    state: row?.state ?? 'recording',
    next_seq: nextSeq,
    provider_status: provider.status,
    provider_detail: provider.detail,
  };
}

/** The message shown when the mode's provider is not set up on this server. */
export function unconfiguredDetail(mode: string): string {
  const variable = mode === 'faster-whisper' ? 'WHISPER_URL' : 'TRANSCRIPTION_URL';
  return `Transcrição ${mode} não configurada neste servidor (${variable}); o áudio fica guardado e será transcrito quando for configurada`;
}
