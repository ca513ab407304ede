import { z } from 'zod';
import { zPageOf, ZPageQuery } from './pagination';

/**
 * What part of a patient's record was touched. `audio` is a recorded chunk; `*_file` and `*_pdf` are files served
 * as they are (an evidence's original or rendition, a PDF).
 */
export const ZAccessRecordKind = z.enum([
  'patient',
  'consultation',
  'audio',
  'transcript',
  'evidence',
  'evidence_file',
  'note',
  'note_pdf',
  'diagnoses',
  'document',
  'document_pdf',
]);
export type TAccessRecordKind = z.infer<typeof ZAccessRecordKind>;

/** The kind of access: `list` is a list page (which shows names), `download` a file or PDF served. */
export const ZAccessAction = z.enum([
  'read',
  'list',
  'create',
  'update',
  'delete',
  'download',
  'sign',
  'export',
  /** A wrong code given at an issued document's address. */
  'refused',
  /** An issued document's address and code sent to the patient (issue 33 §7): by e-mail, or as a WhatsApp link. */
  'send_email',
  'send_whatsapp',
]);
export type TAccessAction = z.infer<typeof ZAccessAction>;

/**
 * The actor's role in the access: the professional on her own patients, an administrator, or whoever holds an
 * issued document's code (a pharmacy, the patient), without an account.
 */
export const ZAccessActorRole = z.enum(['professional', 'admin', 'document_code']);
export type TAccessActorRole = z.infer<typeof ZAccessActorRole>;

/** One access to a patient's data: who, when, what, from where. Identifiers only, never clinical text. */
export const ZAccessLogEntry = z.object({
  id: z.number().int(),
  created_at: z.iso.datetime(),
  /** Null for an access by a document's code. */
  actor_user_id: z.uuid().nullable(),
  /** Null for an account since deleted, or an access by a document's code. */
  actor_name: z.string().nullable(),
  actor_role: ZAccessActorRole,
  patient_id: z.uuid().nullable(),
  consultation_id: z.uuid().nullable(),
  record_kind: ZAccessRecordKind,
  /** The evidence's or document's id, the chunk's seq; null for the patient or consultation itself and lists. */
  record_id: z.string().nullable(),
  action: ZAccessAction,
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
});
export type TAccessLogEntry = z.infer<typeof ZAccessLogEntry>;

export const ZAccessLogPage = zPageOf(ZAccessLogEntry);
export type TAccessLogPage = z.infer<typeof ZAccessLogPage>;

/** GET /user/patients/{id}/access-log: newest first. */
export const ZAccessLogQuery = ZPageQuery;
export type TAccessLogQuery = z.input<typeof ZAccessLogQuery>;

/** GET /admin/access-log: newest first, by who accessed (`user_id`) and by patient (`patient_id`). */
export const ZAdminAccessLogQuery = ZPageQuery.extend({
  user_id: z.uuid('Identificador inválido').optional(),
  patient_id: z.uuid('Identificador inválido').optional(),
});
export type TAdminAccessLogQuery = z.input<typeof ZAdminAccessLogQuery>;
