import type { TEvidenceFileQuery } from '@escriba/contract';
import type { FastifyReply } from 'fastify';
import type { evidences } from '../../db/schema/index';
import type { App } from '../../platform/services';
import type { StoredFile } from '../../platform/storage/storage';
import { contentDisposition } from '../../providers/documents/clean-file-name';
import { variantKey } from './evidence-keys';
import { evidenceNotFound, findOwnEvidence } from './get-evidence';

interface FileRequest {
  userId: string;
  consultationId: string;
  evidenceId: string;
  /** A rendition's name; undefined for the original. */
  variant?: string;
  query: TEvidenceFileQuery;
  /** The If-None-Match header of a browser revalidating its cached copy. */
  ifNoneMatch: string | undefined;
}

// The answer depends on the caller's session, so only the browser keeps it (private), and asks
// again before each use (no-cache): a copy cached before a log-out is not shown after it. Neither the
// original nor a rendition ever changes under its evidence's id, so the ETag makes that a 304.
const CACHE_CONTROL = 'private, no-cache';

/**
 * GET .../evidences/{evidenceId}/file and .../variants/{name} for the session the route authenticated
 * (401 without one): the file streamed from storage, or 404 for an evidence deleted, another
 * professional's, or a file it does not have.
 */
export async function sendEvidenceFile(app: App, request: FileRequest, reply: FastifyReply) {
  const { userId, consultationId, evidenceId, variant, query } = request;
  const evidence = await findOwnEvidence(app, userId, consultationId, evidenceId);
  if (variant ? !evidence.variants?.some((each) => each.name === variant) : !evidence.storageKey) {
    throw evidenceNotFound();
  }
  const caching = { etag: `"${evidence.id}-${variant ?? 'original'}"`, 'cache-control': CACHE_CONTROL };
  if (matches(request.ifNoneMatch, caching.etag)) return reply.code(304).headers(caching).send();
  const stored = await openFile(app, evidence, variant);
  if (!stored) throw evidenceNotFound();
  const fileName = evidence.fileName ?? 'arquivo';
  const name = variant ? `${fileName.replace(/\.[^.]*$/, '')}-${variant}.webp` : fileName;
  const contentType = variant ? 'image/webp' : evidence.contentType!;
  return reply
    .headers({
      ...caching,
      'content-type': contentType === 'text/plain' ? 'text/plain; charset=utf-8' : contentType,
      'content-length': String(stored.size),
      'content-disposition': contentDisposition(name, query.download ? 'attachment' : 'inline'),
      'x-content-type-options': 'nosniff',
      // Nothing served here runs in the page, should a browser ever try.
      'content-security-policy': "sandbox; default-src 'none'",
    })
    .send(stored.body);
}

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  return Boolean(ifNoneMatch?.split(',').some((each) => each.trim().replace(/^W\//, '') === etag));
}

function openFile(
  app: App,
  evidence: typeof evidences.$inferSelect,
  variant: string | undefined,
): Promise<StoredFile | undefined> {
  return variant
    ? app.storage.open(variantKey(evidence.consultationId, evidence.id, variant))
    : app.storage.open(evidence.storageKey!);
}
