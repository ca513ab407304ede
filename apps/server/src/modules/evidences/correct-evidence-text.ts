import type { TEvidenceDetail, TEvidencePage, TEvidenceTextBody } from '@escriba/contract';
import { eq } from 'drizzle-orm';
import { evidences, evidenceVersions } from '../../db/schema/index';
import { AppError, fieldError } from '../../platform/errors';
import type { App } from '../../platform/services';
import { joinPages } from '../../providers/documents/read-document';
import type { ReadingReview } from '../../providers/documents/review-reading';
import { lockOwnEvidence, readEvidenceDetail } from './get-evidence';
import { reviewAfterCorrection } from './reading-review';

/**
 * PUT .../evidences/{evidenceId}/text: the professional's correction of a file's text (a misread by OCR),
 * stored as a new version with its author; the reading stays as version 1. A file read by pages is
 * corrected a page at a time, so every page keeps its number and the note's sources still point at it.
 * What she corrected loses its unsure words (`reviewAfterCorrection`). The same text makes no version, so a repeated request changes nothing.
 */
export async function correctEvidenceText(
  app: App,
  userId: string,
  consultationId: string,
  evidenceId: string,
  { text, page }: TEvidenceTextBody,
): Promise<TEvidenceDetail> {
  return app.db.transaction(async (tx) => {
    const stored = await lockOwnEvidence(tx, userId, consultationId, evidenceId);
    assertCorrectable(stored);
    const corrected = correctedText(stored, text, page);
    if (!corrected) return readEvidenceDetail(tx, stored);
    const version = stored.version + 1;
    const [row] = await tx
      .update(evidences)
      .set({ ...corrected, version, updatedAt: new Date() })
      .where(eq(evidences.id, evidenceId))
      .returning();
    await tx
      .insert(evidenceVersions)
      .values({ evidenceId, version, source: 'correction', authorId: userId, ...corrected });
    return readEvidenceDetail(tx, row!);
  });
}

type StoredEvidence = typeof evidences.$inferSelect;

function assertCorrectable(stored: StoredEvidence): void {
  switch (stored.status) {
    case 'pending':
    case 'reading':
      throw new AppError('conflict', 'O arquivo ainda está sendo lido: corrija o texto quando a leitura terminar');
    case 'unreadable':
      throw new AppError('conflict', 'Não foi possível ler este arquivo, então não há texto para corrigir');
    case 'ready':
      break;
  }
  if (stored.kind === 'transcript') {
    throw new AppError('conflict', 'A transcrição é corrigida por linha, em .../evidences/transcript/segments/{seq}');
  }
}

/** The evidence's text and pages with the correction in place; undefined when it changes nothing. */
function correctedText(
  stored: StoredEvidence,
  text: string,
  page: number | undefined,
): { text: string; pages: TEvidencePage[] | null; readingReview: ReadingReview | null } | undefined {
  const pages = stored.pages?.length ? stored.pages : null;
  if (!pages) {
    if (page !== undefined) throw fieldError(['body', 'page'], 'Este arquivo não tem páginas: corrija o texto inteiro');
    if (text === stored.text) return undefined;
    return { text, pages: stored.pages, readingReview: reviewAfterCorrection(stored.readingReview, undefined) };
  }
  if (page === undefined) throw fieldError(['body', 'page'], 'Informe a página corrigida', 'missing');
  const current = pages.find((each) => each.page === page);
  if (!current) throw fieldError(['body', 'page'], `O arquivo não tem a página ${page}`);
  if (current.text === text) return undefined;
  const correctedPages = pages.map((each) => (each.page === page ? { ...each, text } : each));
  return {
    text: joinPages(correctedPages),
    pages: correctedPages,
    readingReview: reviewAfterCorrection(stored.readingReview, page),
  };
}
