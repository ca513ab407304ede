import { z } from 'zod';
import { ZCpfDispute } from './cpf-dispute';
import { ZCreditMovement } from './credits';
import { zDecimalInteger } from './integer';
import { ZLicense } from './license';
import { zPageOf, ZPageQuery } from './pagination';
import { ZSpecialization } from './reference';
import { ZScope } from './scopes';
import { onlyDigits, zLine, zString } from './text';
import { ZSearchDay } from './user';
import { ZUserStatus } from './user-status';

/** `created_from` and `created_to`: days on Brasília time, both included. */
export const ZCreatedRange = {
  created_from: ZSearchDay.optional(),
  created_to: ZSearchDay.optional(),
};

/** The check that goes with ZCreatedRange: arguments for `.refine`. */
export const CREATED_RANGE_ORDER: [
  (query: { created_from?: string; created_to?: string }) => boolean,
  { message: string; path: string[] },
] = [
  (query) => !query.created_from || !query.created_to || query.created_from <= query.created_to,
  { message: 'A data final deve ser igual ou posterior à inicial', path: ['created_to'] },
];

/**
 * GET /admin/user/, newest sign-ups first. `name` matches part of the name ignoring case and
 * accents, `email` part of the e-mail, `cpf` part of the CPF's digits (dots and hyphen allowed).
 */
export const ZAdminUserListQuery = ZPageQuery.extend({
  name: zLine({ min: 0, max: 120 }).optional(),
  email: zLine({ min: 0, max: 254 }).optional(),
  cpf: z
    .string()
    .max(20, 'CPF inválido')
    .regex(/^[\d.\-\s]*$/, 'Use apenas os algarismos do CPF')
    .transform(onlyDigits)
    .optional(),
  status: ZUserStatus.optional(),
  scope: ZScope.optional(),
  /** `open`: only accounts in an open CPF dispute, as holder or claimant. */
  cpf_dispute: z.enum(['open'], { error: 'Use open' }).optional(),
  ...ZCreatedRange,
}).refine(...CREATED_RANGE_ORDER);
export type TAdminUserListQuery = z.input<typeof ZAdminUserListQuery>;

/** A user as the administration lists them. Administrators see the whole CPF: it identifies the account. */
export const ZAdminUserListItem = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  cpf: z.string().nullable(),
  status: ZUserStatus,
  scopes: z.array(ZScope),
  credits: z.number().int(),
  created_at: z.iso.datetime(),
  /** The latest use of any of the user's sessions; null when never logged in. */
  last_seen_at: z.iso.datetime().nullable(),
  /** Whether an open CPF dispute names the account, as the CPF's holder or by the claimant's e-mail. */
  has_open_cpf_dispute: z.boolean(),
});
export type TAdminUserListItem = z.infer<typeof ZAdminUserListItem>;

export const ZAdminUserList = zPageOf(ZAdminUserListItem);
export type TAdminUserList = z.infer<typeof ZAdminUserList>;

/** Why a session ended: logout, password_reset, suspended, admin_ended, idle, expired… */
export const ZAdminSession = z.object({
  id: z.uuid(),
  created_at: z.iso.datetime(),
  last_seen_at: z.iso.datetime(),
  expires_at: z.iso.datetime(),
  /** The address the app saw at log-in (behind TRUST_PROXY, the client's). */
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  is_active: z.boolean(),
  ended_at: z.iso.datetime().nullable(),
  end_reason: z.string().nullable(),
});
export type TAdminSession = z.infer<typeof ZAdminSession>;

export const ZAdminSessionList = zPageOf(ZAdminSession);
export type TAdminSessionList = z.infer<typeof ZAdminSessionList>;

/** GET /admin/user/{id}/session: newest first. */
export const ZAdminSessionListQuery = ZPageQuery;

/** One audit event about the user or, for an administrator, made by them. Details hold identifiers and counts. */
export const ZAdminAuditEvent = z.object({
  id: z.number().int(),
  action: z.string(),
  actor_user_id: z.uuid().nullable(),
  /** Null when the actor is the system or an account since deleted. */
  actor_name: z.string().nullable(),
  subject_user_id: z.uuid().nullable(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  created_at: z.iso.datetime(),
});
export type TAdminAuditEvent = z.infer<typeof ZAdminAuditEvent>;

/** What deleting the user removes for good (the audit trail stays). */
export const ZUserDeletionImpact = z.object({
  patients: z.number().int(),
  consultations: z.number().int(),
  /** Stored files: evidence originals and audio chunks. */
  files: z.number().int(),
});
export type TUserDeletionImpact = z.infer<typeof ZUserDeletionImpact>;

export const ADMIN_DETAIL_LIMIT = 50;

/**
 * GET /admin/user/{id}: the account with its licenses, specializations, credits (balance and the
 * latest ADMIN_DETAIL_LIMIT movements of `movements_total`), latest sessions, latest audit events,
 * what a deletion would remove and the open CPF disputes.
 */
export const ZAdminUserDetail = ZAdminUserListItem.extend({
  phone: z.string().nullable(),
  email_verified: z.boolean(),
  licenses: z.array(ZLicense),
  specializations: z.array(ZSpecialization),
  credit_movements: z.array(ZCreditMovement),
  credit_movements_total: z.number().int(),
  sessions: z.array(ZAdminSession),
  sessions_total: z.number().int(),
  audit: z.array(ZAdminAuditEvent),
  audit_total: z.number().int(),
  deletion_impact: ZUserDeletionImpact,
  /** The open CPF disputes that name the account. */
  cpf_disputes: z.array(ZCpfDispute),
});
export type TAdminUserDetail = z.infer<typeof ZAdminUserDetail>;

/** POST /admin/user/{id}/set-status?status=: only these two; pending_verification is the account's own. */
export const ZSetUserStatusQuery = z.strictObject({
  status: z.enum(['active', 'suspended'], { error: 'Use active ou suspended' }),
});
export type TSetUserStatusQuery = z.input<typeof ZSetUserStatusQuery>;

export const MAX_BONUS_CREDITS = 10_000;

/** POST /admin/user/{id}/add-bonus-credit?amount=&reason=. */
export const ZAddBonusCreditQuery = z.strictObject({
  amount: zDecimalInteger(
    z.number().min(1, 'Informe ao menos 1 crédito').max(MAX_BONUS_CREDITS, `Use no máximo ${MAX_BONUS_CREDITS}`),
  ),
  reason: zLine({ max: 200 }),
});
export type TAddBonusCreditQuery = z.input<typeof ZAddBonusCreditQuery>;

export const ZCreditBalance = z.object({ credits: z.number().int() });
export type TCreditBalance = z.infer<typeof ZCreditBalance>;

/** DELETE /admin/user/{id}/sessions. */
export const ZEndedSessions = z.object({ ended: z.number().int() });
export type TEndedSessions = z.infer<typeof ZEndedSessions>;

/** DELETE /admin/user/{id}?confirm=: the user's e-mail, typed by the administrator. */
export const ZDeleteUserQuery = z.strictObject({ confirm: zString({ max: 254 }) });
export type TDeleteUserQuery = z.input<typeof ZDeleteUserQuery>;

export const ZDeletedUser = z.object({ detail: z.string(), removed: ZUserDeletionImpact });
export type TDeletedUser = z.infer<typeof ZDeletedUser>;
