import { z } from 'zod';
import { DOCUMENT_KIND_TITLES, ZDocumentKind } from './document-kind';

/**
 * An issued document's access code: 8 characters from an alphabet without look-alikes (no 0/O, 1/I/L, 2/Z, 5/S,
 * 8/B), printed and read as "ABCD-EFGH".
 */
export const DOCUMENT_CODE_ALPHABET = 'ACDEFGHJKMNPQRTUVWXY34679';
export const DOCUMENT_CODE_LENGTH = 8;
/** Days the signed PDF's address, as the validation answer gives it, opens without a session. */
export const DOCUMENT_SHARE_DAYS_DEFAULT = 60;
/** Wrong codes an hour, per document and per address, before 429. */
export const DOCUMENT_CODE_FAILURES_PER_HOUR = 10;
/** The `_format` of ITI VALIDAR's call to the address in the QR code. */
export const VALIDADOR_ITI_FORMAT = 'application/validador-iti+json';

/** "ABCD-EFGH" as typed: any case, with or without the hyphen or spaces. */
export function normalizeDocumentCode(typed: string): string {
  return typed.toUpperCase().replace(/[\s-]/g, '');
}

export function formatDocumentCode(code: string): string {
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

/** What an issued PDF is: one of the visit's documents, or the note as "registro de atendimento clínico". */
export const ZIssuedKind = z.enum([...ZDocumentKind.options, 'anamnesis']);
export type TIssuedKind = z.infer<typeof ZIssuedKind>;

/** What an issued PDF is called: the document kind's title, or the note's. */
export const issuedTitle = (kind: TIssuedKind) =>
  kind === 'anamnesis' ? 'Registro de atendimento clínico' : DOCUMENT_KIND_TITLES[kind];

/** A PDF as it left the professional's hands, with the address and code printed on it. */
export const ZIssuedDocument = z.object({
  public_id: z.string(),
  /** "ABCD-EFGH", as printed. */
  access_code: z.string(),
  /** `${PUBLIC_URL}/v/{public_id}`, the QR code's address. */
  url: z.url(),
  kind: ZIssuedKind,
  document_id: z.uuid().nullable(),
  version: z.number().int(),
  issued_at: z.iso.datetime(),
  /** The certificate's holder, for a signed one. */
  signed_by: z.string().nullable(),
  revoked_at: z.iso.datetime().nullable(),
});
export type TIssuedDocument = z.infer<typeof ZIssuedDocument>;

export const ZIssuedDocumentList = z.array(ZIssuedDocument);

export const ZIssuedDocumentParams = z.object({ id: z.uuid(), publicId: z.string().min(1).max(40) });

/** GET /v/{public_id}: ITI VALIDAR's call (`_format` and `_secretCode`), or the page without them. */
export const ZVerificationQuery = z.strictObject({
  _format: z.literal(VALIDADOR_ITI_FORMAT, `Use _format=${VALIDADOR_ITI_FORMAT}`).optional(),
  _secretCode: z.string().max(40).optional(),
});

/** The answer ITI VALIDAR's developers' guide defines for the address in the QR code. */
export const ZValidadorItiAnswer = z.object({
  version: z.literal('1.0.0'),
  prescription: z.object({ signatureFiles: z.array(z.object({ url: z.url() })) }),
});
export type TValidadorItiAnswer = z.infer<typeof ZValidadorItiAnswer>;

/** GET /api/v1/public/documents/{public_id}?code=: what the public page shows once the code is right. */
export const ZPublicDocumentQuery = z.strictObject({ code: z.string().min(1, 'Informe o código').max(40) });
export const ZPublicDocument = z.object({
  kind: ZIssuedKind,
  title: z.string(),
  professional: z.string(),
  /** "CRM-SP 123456", when the professional has a license. */
  credentials: z.string().nullable(),
  issued_at: z.iso.datetime(),
  signed_by: z.string().nullable(),
  /** The PDF, without a session, until `shared_until`. */
  pdf_url: z.url(),
  shared_until: z.iso.datetime(),
});
export type TPublicDocument = z.infer<typeof ZPublicDocument>;

/** How an issued document's address and code reach the patient (issue 33 §7). */
export const ZSendChannel = z.enum(['email', 'whatsapp'], 'Escolha o canal: email ou whatsapp');
export type TSendChannel = z.infer<typeof ZSendChannel>;

/** E-mails of one issued document an hour, before 429: a double click or a retry never floods her mailbox. */
export const DOCUMENT_MAILS_PER_HOUR = 5;

/** POST /user/consultations/{id}/issued-documents/{public_id}/send. */
export const ZSendIssuedDocumentBody = z.strictObject({ channel: ZSendChannel });
export type TSendIssuedDocumentBody = z.infer<typeof ZSendIssuedDocumentBody>;

/** What was sent, or is ready to send: the e-mail went out from the server; WhatsApp's message she sends herself. */
export const ZIssuedDocumentSent = z.object({
  channel: ZSendChannel,
  /** E-mail: the patient's address, masked ("jo•••@exemplo.com.br"); WhatsApp: her phone, masked, or null without one. */
  sent_to: z.string().nullable(),
  /** WhatsApp: the wa.me link with the message prefilled (without a phone, WhatsApp asks for the contact). */
  whatsapp_url: z.url().nullable(),
  /** The message: the e-mail's text, or WhatsApp's. */
  text: z.string(),
  /** What happened, in a sentence to show. */
  detail: z.string(),
});
export type TIssuedDocumentSent = z.infer<typeof ZIssuedDocumentSent>;
