import type { TConsultation, TIssuedKind, TNoteAuthor } from '@escriba/contract';
import type { UserRow } from '../../db/schema/index';
import { recordAudit, type RequestOrigin } from '../../platform/audit';
import { renderClinicalDocument, type BodyRenderer, type DocumentBody } from '../../platform/pdf/clinical-document';
import type { App } from '../../platform/services';
import type { CertificateDetails } from '../certificates/open-certificate';
import { getConsultation } from '../consultations/get-consultation';
import { keepIssuedPdf, prepareIssue, type IssuedRecord } from '../issued-documents/keep-issued-pdf';
import { listLicenses } from '../licenses/license-store';
import { documentLetterhead, primaryLicense } from './document-letterhead';
import { unlockSigner, type Signer } from './signer';
import { validarMetadata } from './validar-metadata';

/**
 * A PDF issued rather than previewed: kept with an address and code printed on its pages, and signed when `signer`
 * says with what; `origin` is where the request came from, for the audit.
 */
export interface PdfIssuing {
  origin: RequestOrigin;
  signer?: Signer;
}

/** A document of a consultation to issue as PDF: its kind writes only the title and the body. */
export interface DocumentPdfRequest {
  user: UserRow;
  consultationId: string;
  /** What the document is, for the audit and the metadata ITI's validator reads ("anamnesis", "receita"…). */
  kind: TIssuedKind;
  /** The version it prints, kept with it when issued. */
  record: IssuedRecord;
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
  /** Issued (and signed) rather than previewed. */
  issuing?: PdfIssuing;
  /** Keeps what signed it, once it is signed and audited. */
  onSigned?: (certificate: CertificateDetails, signedAt: Date) => Promise<void>;
}

/**
 * The PDF of one of the professional's consultation documents, headed with her, her practice, the patient,
 * the place and the time of issue, and the metadata of ITI's validator (validar-metadata.ts): 404 for another
 * professional's consultation. Issued, it carries its address and code with their QR code on every page and is kept
 * as issued; with a signer it is also signed, with her A1 certificate or her cloud certificate (signer.ts says what
 * each refuses), and the signature is audited; without, it ends with a line to sign by hand.
 */
export async function issueDocumentPdf(app: App, document: DocumentPdfRequest): Promise<Buffer> {
  const { user, consultationId, title, issuing } = document;
  const issuedAt = new Date();
  const consultation = await getConsultation(app, user.id, consultationId);
  const license = primaryLicense(await listLicenses(app.db, user.id));
  const letterhead = documentLetterhead(user, license, consultation.patient, issuedAt);
  const certificate = issuing?.signer && (await unlockSigner(app, user.id, issuing.signer, issuedAt));
  const issue = issuing && prepareIssue(app.config.publicUrl);
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
    verification: issue?.verification,
  });
  if (certificate) {
    await recordAudit(app.db, {
      action: 'document.signed',
      actorUserId: user.id,
      subjectUserId: user.id,
      ...issuing?.origin,
      details: { consultation_id: consultationId, kind: document.kind, signer: issuing?.signer?.kind },
    });
    await document.onSigned?.(certificate, issuedAt);
  }
  if (issue) {
    const about = { userId: user.id, consultationId, kind: document.kind, record: document.record };
    await keepIssuedPdf(app, issue, { ...about, signedBy: certificate?.holderName ?? null }, pdf);
  }
  return pdf;
}
