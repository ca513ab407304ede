import type { TConsultation, TNoteAuthor } from '@escriba/contract';
import type { UserRow } from '../../db/schema/index';
import { recordAudit, type RequestOrigin } from '../../platform/audit';
import { renderClinicalDocument, type BodyRenderer, type DocumentBody } from '../../platform/pdf/clinical-document';
import type { App } from '../../platform/services';
import type { CertificateDetails } from '../certificates/open-certificate';
import { unlockCertificate } from '../certificates/unlock-certificate';
import { getConsultation } from '../consultations/get-consultation';
import { listLicenses } from '../licenses/license-store';
import { documentLetterhead, primaryLicense } from './document-letterhead';
import { validarMetadata, type PdfKind } from './validar-metadata';

/** What signs a PDF: the certificate's password, and where the signing came from for its audit event. */
export type PdfSigning = Required<Pick<DocumentPdfRequest, 'password' | 'origin'>>;

/** A document of a consultation to issue as PDF: its kind writes only the title and the body. */
export interface DocumentPdfRequest {
  user: UserRow;
  consultationId: string;
  /** What the document is, for the audit and the metadata ITI's validator reads ("anamnesis", "receita"…). */
  kind: PdfKind;
  title: string;
  subtitle?: string;
  /**
   * Writes the document's content; `author` is who issues it (her name and primary license), `consultation`
   * the visit it belongs to.
   */
  write(body: DocumentBody, author: TNoteAuthor, consultation: TConsultation): void;
  /** What follows the signature area in each copy. */
  closing?: BodyRenderer;
  /** Labels of the copies ("1ª via", "2ª via"); one copy when not given. */
  copies?: string[];
  /** The certificate's password, to sign it (PAdES) with the professional's A1 certificate. */
  password?: string;
  /** Where the signing came from, for its audit event. */
  origin?: RequestOrigin;
  /** Keeps what signed it, once it is signed and audited. */
  onSigned?: (certificate: CertificateDetails, signedAt: Date) => Promise<void>;
}

/**
 * The PDF of one of the professional's consultation documents, headed with her, her practice, the patient,
 * the place and the time of issue, and the metadata of ITI's validator (validar-metadata.ts): 404 for another professional's consultation. With a password it is
 * signed with her A1 certificate (409 without one, 422 for a wrong password or an invalid certificate)
 * and the signature is audited; without, it ends with a line to sign by hand.
 */
export async function issueDocumentPdf(app: App, document: DocumentPdfRequest): Promise<Buffer> {
  const { user, consultationId, title } = document;
  const issuedAt = new Date();
  const consultation = await getConsultation(app, user.id, consultationId);
  const license = primaryLicense(await listLicenses(app.db, user.id));
  const letterhead = documentLetterhead(user, license, consultation.patient, issuedAt);
  const certificate =
    document.password === undefined ? undefined : await unlockCertificate(app, user.id, document.password, issuedAt);
  const pdf = await renderClinicalDocument({
    title,
    subtitle: document.subtitle,
    copies: document.copies,
    letterhead,
    author: user.name,
    metadata: validarMetadata(document.kind, license),
    body: (body) => document.write(body, { name: user.name, license }, consultation),
    closing: document.closing,
    signature: certificate && {
      certificate,
      reason: `Documento "${title}" emitido por ${user.name}`,
      location: letterhead.city ?? '',
      signedAt: issuedAt,
    },
  });
  if (certificate) {
    await recordAudit(app.db, {
      action: 'document.signed',
      actorUserId: user.id,
      subjectUserId: user.id,
      ...document.origin,
      details: { consultation_id: consultationId, kind: document.kind },
    });
    await document.onSigned?.(certificate, issuedAt);
  }
  return pdf;
}
