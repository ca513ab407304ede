import type { TEvidence, TEvidenceDetail } from '@escriba/contract';
import type { evidences, evidenceVersions } from '../../db/schema/index';
import { fileLink } from './file-links';

type EvidenceRow = typeof evidences.$inferSelect;
type VersionRow = typeof evidenceVersions.$inferSelect;

/** An evidence as listed. */
export function toEvidence(row: EvidenceRow): TEvidence {
  const isFile = row.kind === 'file';
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
    thumbnail_url: hasThumbnail ? fileLink(row.consultationId, row.id, 'variants/thumbnail') : null,
    low_confidence: row.readingReview?.lowConfidence ?? false,
    unsure_share: row.readingReview?.unsureShare ?? 0,
    image_warnings: row.readingReview?.warnings ?? [],
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** An evidence with its text, its versions (oldest first) and the links to its files. */
export function toEvidenceDetail(row: EvidenceRow, versions: VersionRow[]): TEvidenceDetail {
  const [reading] = versions;
  const isCorrected = reading !== undefined && row.version !== reading.version;
  return {
    ...toEvidence(row),
    text: row.text,
    pages: row.pages,
    unsure_words: row.readingReview?.unsureWords ?? [],
    download_url: row.kind === 'file' ? fileLink(row.consultationId, row.id, 'file') : null,
    variants: (row.variants ?? []).map((variant) => ({
      ...variant,
      url: fileLink(row.consultationId, row.id, `variants/${variant.name}`),
    })),
    version: row.version,
    versions: versions.map((each) => ({
      version: each.version,
      source: each.source === 'correction' ? 'correction' : 'reading',
      author_id: each.authorId,
      created_at: each.createdAt.toISOString(),
    })),
    original: isCorrected ? { text: reading.text, pages: reading.pages } : null,
  };
}
