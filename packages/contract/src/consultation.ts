import { z } from 'zod';
import { zPageOf, ZPageQuery } from './pagination';
import { ZCreatePatientBody, ZPatient, ZPatientSummary } from './patient';
import { readOnlyFields } from './read-only';
import { zLine, zString, zText } from './text';
import { ZRecordingConsent } from './transcription';
import { ZSearchDay } from './user';

/**
 * A consultation's life cycle, `draft → recording → processing → done`; CONSULTATION_TRANSITIONS
 * is the rule the server enforces.
 * - `draft`: created, or paused; title, chief complaint and context are being written.
 * - `recording`: the visit is being transcribed live.
 * - `processing`: the recording stopped and the assistant is drafting the anamnesis.
 * - `done`: closed by the professional; reopening it goes back to `draft`.
 */
export const ZConsultationStatus = z.enum(['draft', 'recording', 'processing', 'done']);
export type TConsultationStatus = z.infer<typeof ZConsultationStatus>;

/** The statuses each status may move to; the server refuses every other change. */
export const CONSULTATION_TRANSITIONS: Readonly<Record<TConsultationStatus, readonly TConsultationStatus[]>> = {
  // From draft a step may be skipped: an anamnesis from evidence alone, or a visit closed unrecorded.
  draft: ['recording', 'processing', 'done'],
  // Stopping a recording either pauses it (draft) or hands it to the assistant (processing).
  recording: ['draft', 'processing'],
  // Processing ends with the anamnesis (done) or, when it fails or is cancelled, back in draft.
  processing: ['done', 'draft'],
  done: ['draft'],
};

/** Whether a consultation may move between two statuses; staying put is always allowed. */
export function canChangeStatus(from: TConsultationStatus, to: TConsultationStatus): boolean {
  return from === to || CONSULTATION_TRANSITIONS[from].includes(to);
}

export const CONSULTATION_STATUS_LABELS: Record<TConsultationStatus, string> = {
  draft: 'Em aberto',
  recording: 'Gravando',
  processing: 'Processando',
  done: 'Concluída',
};

export const CHIEF_COMPLAINT_MAX_LENGTH = 2000;
export const USER_CONTEXT_MAX_LENGTH = 20_000;

const ZConsultationTitle = zLine({ max: 200 });
const ZChiefComplaint = zText({ max: CHIEF_COMPLAINT_MAX_LENGTH });

/** POST /user/consultations/: for an existing patient (`patient_id`) or a new one (`patient`), not both. */
export const ZCreateConsultationBody = z
  .strictObject({
    patient_id: z.uuid('Identificador inválido').optional(),
    patient: ZCreatePatientBody.optional(),
    title: ZConsultationTitle.optional(),
    chief_complaint: ZChiefComplaint.optional(),
    /** false: a consultation without AI (no recording, transcription or generation; the note written by hand). */
    ai_enabled: z.boolean().optional(),
  })
  .refine((body) => (body.patient_id === undefined) !== (body.patient === undefined), {
    message: 'Informe patient_id (paciente existente) ou patient (novo paciente), um dos dois',
    path: ['patient_id'],
  });
export type TCreateConsultationBody = z.input<typeof ZCreateConsultationBody>;

export const UPDATABLE_CONSULTATION_FIELDS = ['title', 'chief_complaint', 'status', 'ai_enabled'] as const;

/**
 * PATCH /user/consultations/{id}: one field name with its new value (spec §3), e.g.
 * `{"title": "Retorno"}` or `{"status": "recording"}`. A status change must follow
 * CONSULTATION_TRANSITIONS. `ai_enabled` may change only before anything was recorded or generated.
 */
export const ZUpdateConsultationBody = z
  .strictObject({
    title: ZConsultationTitle.nullable(),
    chief_complaint: ZChiefComplaint.nullable(),
    status: ZConsultationStatus,
    ai_enabled: z.boolean(),
    ...readOnlyFields(['id', 'patient_id', 'patient', 'created_at', 'updated_at']),
    ...readOnlyFields(['user_context'], 'Altere pelo PUT /user/consultations/{id}/user-context'),
  })
  .partial()
  .refine(
    (body) => Object.keys(body).length === 1,
    `Envie exatamente um campo: ${UPDATABLE_CONSULTATION_FIELDS.join(', ')}`,
  );
export type TUpdateConsultationBody = z.input<typeof ZUpdateConsultationBody>;

/**
 * PUT /user/consultations/{id}/user-context: free text the professional adds (spec §3), stored as sent.
 * `base_user_context` is the text this client last had from the server: when given and the stored text
 * differs (another tab or device saved meanwhile), nothing is stored and the answer is a 409 carrying
 * the stored text, so no one's writing is lost without being seen.
 */
export const ZUserContextBody = z.strictObject({
  user_context: zText({ min: 0, max: USER_CONTEXT_MAX_LENGTH }),
  base_user_context: zString({ max: USER_CONTEXT_MAX_LENGTH }).optional(),
});
export type TUserContextBody = z.infer<typeof ZUserContextBody>;

/**
 * The 409 of a user-context save: why, and for a stale save the text the server holds now (absent when
 * the consultation is concluded and must be reopened first).
 */
export const ZUserContextConflict = z.object({ detail: z.string(), user_context: z.string().optional() });
export type TUserContextConflict = z.infer<typeof ZUserContextConflict>;

/** A consultation as lists show it: its patient summarised, without the user context, which can be long. */
export const ZConsultationListItem = z.object({
  id: z.uuid(),
  status: ZConsultationStatus,
  title: z.string().nullable(),
  chief_complaint: z.string().nullable(),
  patient: ZPatientSummary,
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});
export type TConsultationListItem = z.infer<typeof ZConsultationListItem>;

/** One consultation: its patient's whole record, which the consultation page shows, and the user context. */
export const ZConsultation = ZConsultationListItem.extend({
  patient: ZPatient,
  user_context: z.string(),
  recording_consent: ZRecordingConsent.nullable(),
  /** Who recorded the patient's consent to AI processing, and when (CFM Res. 2.454/2026); null: not given. */
  ai_consent: ZRecordingConsent.nullable(),
  /** false: run without AI; recording, transcription and generation are refused and the note is written by hand. */
  ai_enabled: z.boolean(),
});
export type TConsultation = z.infer<typeof ZConsultation>;

/**
 * GET /user/consultations/, most recent first. `from` and `to` are days on Brasília time, both
 * included; `q` matches the title, the chief complaint or the patient's name, ignoring case and accents.
 */
export const ZConsultationListQuery = ZPageQuery.extend({
  patient_id: z.uuid('Identificador inválido').optional(),
  status: ZConsultationStatus.optional(),
  from: ZSearchDay.optional(),
  to: ZSearchDay.optional(),
  q: zLine({ min: 0, max: 120 }).optional(),
}).refine((query) => !query.from || !query.to || query.from <= query.to, {
  message: 'A data final deve ser igual ou posterior à inicial',
  path: ['to'],
});
export type TConsultationListQuery = z.input<typeof ZConsultationListQuery>;

export const ZConsultationList = zPageOf(ZConsultationListItem);
export type TConsultationList = z.infer<typeof ZConsultationList>;
