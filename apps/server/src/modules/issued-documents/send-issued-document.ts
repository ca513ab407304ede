import {
  formatDocumentCode,
  issuedTitle,
  type TIssuedDocumentSent,
  type TPatient,
  type TSendChannel,
} from '@escriba/contract';
import { and, eq } from 'drizzle-orm';
import { consultations, issuedDocuments, type IssuedDocumentRow } from '../../db/schema/index';
import { AppError, fieldError, notFound } from '../../platform/errors';
import type { KeepAnswer } from '../../platform/http/idempotency-store';
import type { App } from '../../platform/services';
import { inTransaction } from '../../platform/transaction';
import { getPatient } from '../patients/get-patient';
import { sharedUntilOf, verificationUrl } from './issued-document-view';
import { findIssuer } from './issuer';
import { documentMail, whatsappText, whatsappUrl, type DocumentNotice } from './patient-messages';

/**
 * Sends an issued document's address and code to its patient (issue 33 §7): by e-mail to the address on her record,
 * mailed after the commit that keeps the answer (a repeat with the Idempotency-Key does not mail again), at most
 * DOCUMENT_MAILS_PER_HOUR times per document; or as a wa.me link with the message prefilled, which the professional
 * opens and sends herself. A revoked address is refused (409), one past DOCUMENT_SHARE_DAYS too (410). The route's
 * access log keeps each send, with its channel.
 */
export async function sendIssuedDocument(
  app: App,
  userId: string,
  consultationId: string,
  publicId: string,
  channel: TSendChannel,
  keep: KeepAnswer,
): Promise<TIssuedDocumentSent> {
  const { row, patientId } = await findSendable(app, userId, consultationId, publicId);
  const patient = await getPatient(app.db, userId, patientId);
  const notice = await noticeOf(app, row, patient);
  if (channel === 'whatsapp') {
    const text = whatsappText(notice);
    return {
      channel,
      sent_to: patient.phone && maskPhone(patient.phone),
      whatsapp_url: whatsappUrl(patient.phone, text),
      text,
      detail: patient.phone
        ? 'Mensagem pronta para o WhatsApp do paciente: envie-a na conversa que se abre.'
        : 'O paciente não tem telefone no cadastro: escolha o contato no WhatsApp e envie a mensagem.',
    };
  }
  if (!patient.email) {
    throw fieldError(
      ['patient', 'email'],
      'O paciente não tem e-mail no cadastro: informe-o no cadastro do paciente ou envie pelo WhatsApp',
      'missing',
    );
  }
  const mail = documentMail(patient.email, notice);
  const limit = app.rateLimits.documentMailsPerDocument;
  await limit.consume(publicId);
  const answer: TIssuedDocumentSent = {
    channel,
    sent_to: maskEmail(patient.email),
    whatsapp_url: null,
    text: mail.text,
    detail: `E-mail enviado para ${maskEmail(patient.email)}.`,
  };
  return inTransaction(app, async (tx, afterCommit) => {
    await keep(tx, answer);
    afterCommit(() => app.mailer.send(mail));
    return answer;
  }).catch(limit.refundOnFailure(publicId));
}

/** Her issued document in her consultation, still open to the patient; 404 for anyone else's. */
async function findSendable(app: App, userId: string, consultationId: string, publicId: string) {
  const [found] = await app.db
    .select({ row: issuedDocuments, patientId: consultations.patientId })
    .from(issuedDocuments)
    .innerJoin(consultations, eq(consultations.id, issuedDocuments.consultationId))
    .where(
      and(
        eq(issuedDocuments.publicId, publicId),
        eq(issuedDocuments.consultationId, consultationId),
        eq(issuedDocuments.userId, userId),
      ),
    );
  if (!found) throw notFound('Documento emitido');
  if (found.row.revokedAt) {
    throw new AppError('conflict', 'Este documento foi revogado e não pode ser enviado: emita uma nova via');
  }
  if (sharedUntilOf(found.row, app.config.records.documentShareDays).getTime() < Date.now()) {
    throw new AppError(
      'gone',
      'O prazo para abrir este documento pelo código terminou: emita uma nova via para enviar ao paciente',
    );
  }
  return found;
}

async function noticeOf(app: App, row: IssuedDocumentRow, patient: TPatient): Promise<DocumentNotice> {
  const issuer = await findIssuer(app, row.userId);
  return {
    title: issuedTitle(row.kind),
    patientName: patient.social_name ?? patient.name,
    professional: issuer.credentials ? `${issuer.name} (${issuer.credentials})` : issuer.name,
    practice: issuer.practice && { name: issuer.practice.name, phone: issuer.practice.phone },
    url: verificationUrl(app.config.publicUrl, row.publicId),
    code: formatDocumentCode(row.accessCode),
    issuedAt: row.issuedAt,
    sharedUntil: sharedUntilOf(row, app.config.records.documentShareDays),
  };
}

/** "jo•••@exemplo.com.br": enough for her to recognise the address, not to read it over her shoulder. */
function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return `${email.slice(0, Math.min(2, at))}•••${email.slice(at)}`;
}

/** "(11) •••••-4321". */
function maskPhone(digits: string): string {
  return `(${digits.slice(0, 2)}) •••••-${digits.slice(-4)}`;
}
