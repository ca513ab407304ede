import { eq, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Database } from '../../db/client';
import type { CompressedJson } from '../../platform/http/compressed-json';
import { consultations, evidences, evidenceVersions, transcriptChunks, transcriptions } from '../../db/schema/index';
import { consultationNotFound, ownConsultation } from '../consultations/get-consultation';
import type { TranscriptionRow } from './transcription-store';

// An hour's partial transcript is about 150 KB of JSON.
const MAX_BYTES = 32 * 1024 * 1024;

/**
 * The partial transcripts this instance answered last, as sent, each under the versions of the rows it was built
 * from: the consultation's transcription, its chunks and its transcript's current version. PostgreSQL gives every
 * row written a new `xmin` (its writing transaction), so a stamp of their count and xmins changes with any write, on
 * any instance. Reading the stamp costs one short row; building an hour's answer again costs the event loop about
 * 8 ms and a few MB of garbage (issue 32 §1). A consultation never recorded (no transcription yet, answered from
 * the professional's last choice of mode) is not kept.
 */
export class PartialTranscriptCache {
  // Sized by the JSON: its compressed forms add about a tenth.
  private readonly answers = new LRUCache<string, { stamp: string; body: CompressedJson }>({
    maxSize: MAX_BYTES,
    sizeCalculation: (answer) => answer.body.json.length,
  });

  /**
   * The stamp of the professional's consultation's rows now and the answer kept under it, or, when none is, its
   * transcription row read with the stamp (neither while it has none); 404 when the consultation is not hers.
   */
  async look(
    db: Database,
    userId: string,
    consultationId: string,
  ): Promise<{ stamp?: string; body?: CompressedJson; transcription?: TranscriptionRow }> {
    const [row] = await db
      .select({ stamp: rowsStamp(consultationId), transcription: transcriptions })
      .from(consultations)
      .leftJoin(transcriptions, eq(transcriptions.consultationId, consultations.id))
      .where(ownConsultation(userId, consultationId));
    if (!row) throw consultationNotFound();
    const { stamp, transcription } = row;
    if (!transcription || stamp === null) return {};
    const kept = this.answers.get(consultationId);
    return kept?.stamp === stamp ? { body: kept.body } : { stamp, transcription };
  }

  /** Keeps an answer built after its stamp was read: a write in between changes the stamp the next read sees. */
  keep(consultationId: string, stamp: string, body: CompressedJson): void {
    this.answers.set(consultationId, { stamp, body });
  }
}

/** Of the joined transcription row (null without one), its chunks and its transcript's current version. */
function rowsStamp(consultationId: string) {
  return sql<string | null>`${transcriptions}.xmin::text || ' ' || (
    select count(*) || ' ' || coalesce(sum(c.xmin::text::bigint), 0)
    from ${transcriptChunks} c where c.consultation_id = ${consultationId}
  ) || ' ' || coalesce((
    select e.xmin::text || ' ' || v.xmin::text
    from ${evidences} e join ${evidenceVersions} v on v.evidence_id = e.id and v.version = e.version
    where e.consultation_id = ${consultationId} and e.kind = 'transcript'
  ), '-')`;
}
