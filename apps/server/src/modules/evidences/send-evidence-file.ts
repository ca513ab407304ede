import type { TSignedFileQuery } from '@escriba/contract';
import type { FastifyReply } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { consultations, evidences, users } from '../../db/schema/index';
import type { App } from '../../platform/services';
import type { StoredFile } from '../../platform/storage/storage';
import { contentDisposition } from '../../providers/documents/clean-file-name';
import { variantKey } from './evidence-keys';
import type { FileLinks, LinkedFile } from './file-links';
import { evidenceNotFound } from './get-evidence';

interface FileRequest {
  consultationId: string;
  evidenceId: string;
  /** A rendition's name; undefined for the original. */
  variant?: string;
  query: TSignedFileQuery;
}

// The original may be replaced by nothing else under its id but is fetched again now and then;
// a rendition's bytes never change for its id.
const ORIGINAL_CACHE = 'private, max-age=3600';
const VARIANT_CACHE = 'private, max-age=31536000, immutable';

/**
 * GET .../evidences/{evidenceId}/file and .../variants/{name}: the file a signed link names, streamed
 * from storage. A bad or expired signature, an evidence deleted or not the signer's, or a signer no
 * longer active all answer 404, as for a file that does not exist.
 */
export async function sendEvidenceFile(app: App, links: FileLinks, request: FileRequest, reply: FastifyReply) {
  const { consultationId, evidenceId, variant, query } = request;
  const [row] = await app.db
    .select({ evidence: evidences, userId: consultations.userId, userStatus: users.status })
    .from(evidences)
    .innerJoin(consultations, eq(consultations.id, evidences.consultationId))
    .innerJoin(users, eq(users.id, consultations.userId))
    .where(and(eq(evidences.id, evidenceId), eq(evidences.consultationId, consultationId)));
  const file: LinkedFile = variant ? `variants/${variant}` : 'file';
  const isSigned = row && links.isValid({ userId: row.userId, consultationId, evidenceId }, file, query);
  if (!row || !isSigned || row.userStatus !== 'active') throw evidenceNotFound();
  const { evidence } = row;
  const stored = await openFile(app, evidence, variant);
  if (!stored) throw evidenceNotFound();
  const fileName = evidence.fileName ?? 'arquivo';
  const name = variant ? `${fileName.replace(/\.[^.]*$/, '')}-${variant}.webp` : fileName;
  const contentType = variant ? 'image/webp' : evidence.contentType!;
  return reply
    .headers({
      'content-type': contentType === 'text/plain' ? 'text/plain; charset=utf-8' : contentType,
      'content-length': String(stored.size),
      'content-disposition': contentDisposition(name, query.download ? 'attachment' : 'inline'),
      'x-content-type-options': 'nosniff',
      'cache-control': variant ? VARIANT_CACHE : ORIGINAL_CACHE,
      // Nothing served here runs in the page, should a browser ever try.
      'content-security-policy': "sandbox; default-src 'none'",
    })
    .send(stored.body);
}

async function openFile(
  app: App,
  evidence: typeof evidences.$inferSelect,
  variant: string | undefined,
): Promise<StoredFile | undefined> {
  if (!variant) return evidence.storageKey ? app.storage.open(evidence.storageKey) : undefined;
  if (!evidence.variants?.some((each) => each.name === variant)) return undefined;
  return app.storage.open(variantKey(evidence.consultationId, evidence.id, variant));
}
