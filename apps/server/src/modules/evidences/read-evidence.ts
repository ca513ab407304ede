import type { TEvidencePage } from '@escriba/contract';
import { eq } from 'drizzle-orm';
import { consultations, evidences, evidenceVersions, type StoredVariant } from '../../db/schema/index';
import type { App } from '../../platform/services';
import { detectDocumentType } from '../../providers/documents/detect-document-type';
import { makeImageVariants } from '../../providers/documents/image-variants';
import { readDocument } from '../../providers/documents/read-document';
import { renderFirstPage } from '../../providers/documents/read-pdf';
import type { ReadingReview } from '../../providers/documents/review-reading';
import { UnreadableDocumentError } from '../../providers/documents/unreadable-document-error';
import { publishEvidenceStatus } from './evidence-messages';
import { evidenceFolder, variantKey } from './evidence-keys';

/** Longest a file is read (a long scanned PDF, page by page through OCR) before it is taken as unreadable. */
export const READ_TIMEOUT_MS = 20 * 60_000;

type Outcome =
  | {
      status: 'ready';
      text: string;
      pages: TEvidencePage[] | null;
      readingReview: ReadingReview | null;
      variants: StoredVariant[];
    }
  | { status: 'unreadable'; reason: string };

interface Reading {
  userId: string;
  consultationId: string;
  storageKey: string;
}

/**
 * The `read-evidence` job: extracts an evidence file's text (and, for images, stores its WebP
 * renditions), then marks it `ready`, or `unreadable` with the reason. Idempotent, as delivery is at
 * least once: a run after a crash reads it again; an evidence already read or deleted is left alone.
 * Unexpected failures (storage or database down) are thrown for the queue to retry; `shutdown`
 * abandons the reading the same way, for another run to take up.
 */
export async function readEvidence(app: App, evidenceId: string, shutdown: AbortSignal): Promise<void> {
  const reading = await startReading(app, evidenceId);
  if (!reading) return;
  const { userId, consultationId } = reading;
  await publishEvidenceStatus(app, userId, { consultationId, evidenceId, status: 'reading' });
  const outcome = await readFile(app, evidenceId, reading, shutdown);
  const finished = await finishReading(app, evidenceId, outcome);
  // Deleted while it was being read: its renditions may have been stored after its folder went.
  if (finished === 'deleted') await app.storage.removeFolder(evidenceFolder(consultationId, evidenceId));
  if (finished !== 'stored') return;
  await publishEvidenceStatus(app, userId, { consultationId, evidenceId, status: outcome.status });
}

/** Moves a pending evidence to `reading` (one left `reading` by a crash stays so); undefined when there is nothing to read. */
async function startReading(app: App, evidenceId: string): Promise<Reading | undefined> {
  return app.db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        status: evidences.status,
        storageKey: evidences.storageKey,
        consultationId: evidences.consultationId,
        userId: consultations.userId,
      })
      .from(evidences)
      .innerJoin(consultations, eq(consultations.id, evidences.consultationId))
      .where(eq(evidences.id, evidenceId))
      .for('update', { of: evidences });
    if (!row?.storageKey || (row.status !== 'pending' && row.status !== 'reading')) return undefined;
    if (row.status === 'pending') {
      await tx.update(evidences).set({ status: 'reading', updatedAt: new Date() }).where(eq(evidences.id, evidenceId));
    }
    return { userId: row.userId, consultationId: row.consultationId, storageKey: row.storageKey };
  });
}

async function readFile(app: App, evidenceId: string, reading: Reading, shutdown: AbortSignal): Promise<Outcome> {
  const file = await app.storage.get(reading.storageKey);
  if (!file) return { status: 'unreadable', reason: 'O arquivo não foi encontrado' };
  const deadline = AbortSignal.timeout(READ_TIMEOUT_MS);
  const signal = AbortSignal.any([shutdown, deadline]);
  try {
    const type = await detectDocumentType(file, true);
    if (!type) return { status: 'unreadable', reason: 'O tipo do arquivo não foi reconhecido' };
    const { text, pages, review } = await readDocument(file, type, { signal });
    const variants: StoredVariant[] = [];
    // A PDF is shown by its first page, as a photo is shown by itself (issue 31 §3).
    const shown =
      type.kind === 'image' ? { image: file, type } : type.kind === 'pdf' ? await renderFirstPage(file) : undefined;
    if (shown) {
      for (const variant of await makeImageVariants(shown.image, shown.type)) {
        await app.storage.put(variantKey(reading.consultationId, evidenceId, variant.name), variant.data);
        variants.push({ name: variant.name, width: variant.width, height: variant.height });
      }
    }
    return { status: 'ready', text, pages, readingReview: review, variants };
  } catch (error) {
    if (error instanceof UnreadableDocumentError) return { status: 'unreadable', reason: error.reason };
    if (deadline.aborted && !shutdown.aborted)
      return { status: 'unreadable', reason: 'A leitura do arquivo demorou demais' };
    throw error;
  }
}

/** Stores the outcome: `stored`, or `deleted` (meanwhile), or `done` (by another run: left as it is). */
async function finishReading(app: App, evidenceId: string, outcome: Outcome): Promise<'stored' | 'deleted' | 'done'> {
  return app.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ status: evidences.status })
      .from(evidences)
      .where(eq(evidences.id, evidenceId))
      .for('update');
    if (!row) return 'deleted';
    if (row.status !== 'pending' && row.status !== 'reading') return 'done';
    const changes =
      outcome.status === 'ready'
        ? {
            status: outcome.status,
            text: outcome.text,
            pages: outcome.pages,
            readingReview: outcome.readingReview,
            variants: outcome.variants,
            reason: null,
          }
        : {
            status: outcome.status,
            reason: outcome.reason,
            text: null,
            pages: null,
            readingReview: null,
            variants: null,
          };
    await tx
      .update(evidences)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(evidences.id, evidenceId));
    if (outcome.status === 'ready') {
      await tx
        .insert(evidenceVersions)
        .values({
          evidenceId,
          version: 1,
          source: 'reading',
          text: outcome.text,
          pages: outcome.pages,
          readingReview: outcome.readingReview,
        })
        .onConflictDoNothing();
    }
    return 'stored';
  });
}
