import {
  aiDisclosure,
  CONFIRMED_DIAGNOSES_TITLE,
  confirmedDiagnosesText,
  isUnverified,
  NOT_INFORMED,
} from '@escriba/contract';
import { consultations, type AnamnesisVersionRow, type UserRow } from '../../db/schema/index';
import { AppError, notFound } from '../../platform/errors';
import { brasiliaDateTime } from '../../platform/pdf/brasilia-time';
import type { DocumentBody } from '../../platform/pdf/clinical-document';
import type { App } from '../../platform/services';
import { consultationNotFound, ownConsultation } from '../consultations/get-consultation';
import { listDiagnoses } from '../diagnoses/diagnoses-store';
import { issueDocumentPdf, type PdfIssuing } from '../pdfs/issue-document-pdf';
import { latestReadyVersion } from './anamnesis-store';

/**
 * GET …/anamnesis/pdf, POST …/anamnesis/pdf/issued and …/pdf/signed: the current note (the latest ready version) as
 * a PDF: its fields in the template's order under their titles, the CID-10 codes the professional confirmed,
 * closed by the line on the AI's part that the printed note carries. 404 for another professional's consultation or one without a note;
 * 409 while a statement is unverified: she confirms or edits it first.
 */
export async function anamnesisPdf(
  app: App,
  user: UserRow,
  consultationId: string,
  issuing?: PdfIssuing,
): Promise<Buffer> {
  const [consultation] = await app.db
    .select({ createdAt: consultations.createdAt })
    .from(consultations)
    .where(ownConsultation(user.id, consultationId));
  if (!consultation) throw consultationNotFound();
  const note = await latestReadyVersion(app.db, consultationId);
  if (!note) throw notFound('Anamnese', 'feminine');
  assertReviewed(note);
  const diagnoses = confirmedDiagnosesText(await listDiagnoses(app.db, consultationId));
  return issueDocumentPdf(app, {
    user,
    consultationId,
    kind: 'anamnesis',
    record: { anamnesisId: note.id, version: note.version },
    title: 'Anamnese',
    subtitle: `${note.provenance.template.name} · consulta de ${brasiliaDateTime(consultation.createdAt)}`,
    write: (body, author) => {
      writeNote(body, note);
      if (diagnoses) {
        body.heading(CONFIRMED_DIAGNOSES_TITLE);
        body.paragraph(diagnoses);
      }
      body.space(14);
      body.note(aiDisclosure(author));
    },
    issuing,
  });
}

function writeNote(body: DocumentBody, note: AnamnesisVersionRow): void {
  const texts = new Map(note.fields.map((field) => [field.field_id, field.text]));
  for (const field of note.templateFields) {
    body.heading(field.title);
    body.paragraph(texts.get(field.id)?.trim() || NOT_INFORMED);
  }
}

/** A note leaves the page only once every statement the check could not find in its sources is confirmed or edited. */
function assertReviewed(note: AnamnesisVersionRow): void {
  const unverified = note.fields.flatMap((field) => field.statements).filter(isUnverified).length;
  if (unverified === 0) return;
  const count = unverified === 1 ? '1 frase não confirmada' : `${unverified} frases não confirmadas`;
  throw new AppError(
    'conflict',
    `A anamnese tem ${count} nas fontes: confirme ou edite antes de gerar o PDF (PUT …/anamnesis com confirmations).`,
  );
}
