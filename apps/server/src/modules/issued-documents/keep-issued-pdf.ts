import { formatDocumentCode, type TIssuedKind } from '@escriba/contract';
import { issuedDocuments } from '../../db/schema/index';
import type { Verification } from '../../platform/pdf/verification-mark';
import type { App } from '../../platform/services';
import { consultationFolder } from '../../platform/storage/storage';
import { newAccessCode, newPublicId } from './issued-codes';
import { verificationUrl } from './issued-document-view';

/** What an issued PDF is of: a version of one of the visit's documents, or of the note. */
export type IssuedRecord = { documentId: string; version: number } | { anamnesisId: string; version: number };

/** An issue being made: the address and code its pages print, before it is kept. */
export interface PendingIssue {
  publicId: string;
  accessCode: string;
  verification: Verification;
}

export function prepareIssue(publicUrl: string): PendingIssue {
  const publicId = newPublicId();
  const accessCode = newAccessCode();
  return {
    publicId,
    accessCode,
    verification: { url: verificationUrl(publicUrl, publicId), code: formatDocumentCode(accessCode) },
  };
}

/** Keeps the PDF as issued, under its consultation's folder, and its row; the file goes if the row cannot be written. */
export async function keepIssuedPdf(
  app: App,
  issue: PendingIssue,
  about: { userId: string; consultationId: string; kind: TIssuedKind; record: IssuedRecord; signedBy: string | null },
  pdf: Buffer,
): Promise<void> {
  const storageKey = `${consultationFolder(about.consultationId)}/issued/${issue.publicId}.pdf`;
  await app.storage.put(storageKey, pdf);
  try {
    await app.db.insert(issuedDocuments).values({
      publicId: issue.publicId,
      accessCode: issue.accessCode,
      userId: about.userId,
      consultationId: about.consultationId,
      documentId: 'documentId' in about.record ? about.record.documentId : null,
      anamnesisId: 'anamnesisId' in about.record ? about.record.anamnesisId : null,
      kind: about.kind,
      version: about.record.version,
      storageKey,
      signedBy: about.signedBy,
    });
  } catch (error) {
    await app.storage.remove(storageKey);
    throw error;
  }
}
