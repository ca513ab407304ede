import type { Database } from '../db/client';
import { auditEvents } from '../db/schema/index';

export type AuditAction =
  | 'auth.login_succeeded'
  | 'auth.login_failed'
  | 'auth.logout'
  | 'auth.session_revoked'
  | 'user.signed_up'
  | 'user.sign_up_refused'
  | 'user.sign_up_replaced'
  | 'user.sign_up_expired'
  | 'user.verification_resent'
  | 'user.verified'
  | 'user.updated'
  | 'user.preferences_updated'
  | 'user.password_reset_requested'
  | 'user.password_reset'
  | 'user.created_by_system'
  | 'user.cpf_dispute_opened'
  | 'admin.user.status_changed'
  | 'admin.user.bonus_credit'
  | 'admin.user.sessions_ended'
  | 'admin.user.deleted'
  | 'admin.cpf_dispute.resolved'
  | 'admin.jobs_retried'
  | 'admin.psc_provider.saved'
  | 'admin.psc_provider.deleted'
  | 'admin.prompt.created'
  | 'admin.prompt.updated'
  | 'admin.prompt.deleted'
  | 'admin.persona.created'
  | 'admin.persona.updated'
  | 'admin.persona.deleted'
  | 'admin.persona.made_default'
  | 'admin.persona.specializations_set'
  | 'admin.template.created'
  | 'admin.template.updated'
  | 'admin.template.deleted'
  | 'admin.template.published'
  | 'admin.template.unpublished'
  | 'admin.template.field_added'
  | 'admin.template.field_updated'
  | 'admin.template.field_deleted'
  | 'admin.template.fields_reordered'
  | 'license.created'
  | 'license.updated'
  | 'license.deleted'
  | 'license.made_primary'
  | 'certificate.saved'
  | 'certificate.removed'
  | 'cloud_certificate.connected'
  | 'cloud_certificate.disconnected'
  | 'document.signed'
  | 'document.revoked'
  | 'specialization.added'
  | 'specialization.removed'
  | 'patient.created'
  | 'patient.updated'
  | 'patient.exported'
  | 'patient.deleted'
  | 'consultation.created'
  | 'consultation.updated'
  | 'consultation.status_changed'
  | 'consultation.user_context_saved'
  | 'consultation.recording_consent'
  | 'consultation.diagnoses_saved'
  | 'consultation.deleted'
  | 'document.deleted'
  | 'template.created'
  | 'template.updated'
  | 'template.deleted';

/** Where a change came from: the client's address and user agent, as the HTTP layer read them (originOf). */
export interface RequestOrigin {
  ip: string;
  userAgent: string | null;
}

export interface AuditEvent {
  action: AuditAction;
  actorUserId?: string | null;
  subjectUserId?: string | null;
  ip?: string | null;
  userAgent?: string | null;
  /** Names of what changed and identifiers; never secrets, never clinical content. */
  details?: Record<string, unknown>;
}

/** Appends one event; pass the transaction that makes the change so both land or neither does. */
export async function recordAudit(db: Database, event: AuditEvent): Promise<void> {
  await db.insert(auditEvents).values({
    action: event.action,
    actorUserId: event.actorUserId ?? null,
    subjectUserId: event.subjectUserId ?? null,
    ip: event.ip ?? null,
    userAgent: event.userAgent ?? null,
    details: event.details ?? {},
  });
}
