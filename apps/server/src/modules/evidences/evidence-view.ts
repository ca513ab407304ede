import type { TEvidence, TEvidenceDetail } from '@escriba/contract';
import type { evidences } from '../../db/schema/index';
import type { FileLinks } from './file-links';

type EvidenceRow = typeof evidences.$inferSelect;

/** An evidence as listed; file links are signed for `userId`, its owner. */
export function toEvidence(row: EvidenceRow, userId: string, links: FileLinks): TEvidence {
  const isFile = row.kind === 'file';
  const owner = { userId, consultationId: row.consultationId, evidenceId: row.id };
  const hasThumbnail = row.variants?.some((variant) => variant.name === 'thumbnail');
  return {
    id: row.id,
    consultation_id: row.consultationId,
    kind: row.kind,
    file_name: isFile ? row.fileName : null,
    content_type: isFile ? row.contentType : null,
    size: isFile ? row.size : null,
    status: row.status,
    reason: row.reason,
    thumbnail_url: hasThumbnail ? links.url(owner, 'variants/thumbnail') : null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** An evidence with its text and the links to its files. */
export function toEvidenceDetail(row: EvidenceRow, userId: string, links: FileLinks): TEvidenceDetail {
  const owner = { userId, consultationId: row.consultationId, evidenceId: row.id };
  return {
    ...toEvidence(row, userId, links),
    text: row.text,
    pages: row.pages,
    download_url: row.kind === 'file' ? links.url(owner, 'file') : null,
    variants: (row.variants ?? []).map((variant) => ({
      ...variant,
      url: links.url(owner, `variants/${variant.name}`),
    })),
  };
}
