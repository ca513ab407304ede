import type {
  TAdminAuditEvent,
  TCreditMovement,
  TCreditMovementKind,
  TScope,
  TUserDeletionImpact,
  TUserStatus,
} from '@escriba/contract';
import type { BadgeTone } from '../../../components/ui/badge';

export const USER_STATUS_LABELS: Record<TUserStatus, string> = {
  pending_verification: 'Aguardando verificação',
  active: 'Ativo',
  suspended: 'Suspenso',
};

export const USER_STATUS_TONES: Record<TUserStatus, BadgeTone> = {
  pending_verification: 'warning',
  active: 'success',
  suspended: 'danger',
};

export const SCOPE_LABELS: Record<TScope, string> = { user: 'Profissional', admin: 'Administrador' };

const MOVEMENT_KIND_LABELS: Record<TCreditMovementKind, string> = {
  grant: 'Créditos de cadastro',
  bonus: 'Bônus',
  spend: 'Anamnese gerada',
  refund: 'Estorno',
};

/** What a credit movement was for: a spend names what it paid for, a note or a document. */
export function describeMovement(movement: Pick<TCreditMovement, 'kind' | 'document_id'>): string {
  if (movement.kind === 'spend' && movement.document_id) return 'Documento gerado';
  return MOVEMENT_KIND_LABELS[movement.kind];
}

// The reasons the server writes when a session ends (session-store revoke calls and list-user-sessions).
const SESSION_END_REASONS: Record<string, string> = {
  logout: 'Saiu da conta',
  password_reset: 'Senha redefinida',
  suspended: 'Conta suspensa',
  ended_by_admin: 'Encerrada por um administrador',
  idle: 'Inatividade',
  expired: 'Prazo de validade',
};

export function describeSessionEnd(reason: string | null): string {
  if (!reason) return 'Encerrada';
  return SESSION_END_REASONS[reason] ?? reason;
}

const AUDIT_ACTIONS: Record<string, string> = {
  'auth.login_succeeded': 'Entrou na conta',
  'auth.login_failed': 'Tentativa de entrada sem sucesso',
  'auth.logout': 'Saiu da conta',
  'auth.session_revoked': 'Sessão encerrada',
  'user.signed_up': 'Cadastrou-se',
  'user.sign_up_refused': 'Cadastro recusado',
  'user.sign_up_replaced': 'Cadastro refeito',
  'user.sign_up_expired': 'Cadastro expirado',
  'user.verification_resent': 'Código de verificação reenviado',
  'user.verified': 'Conta verificada',
  'user.updated': 'Dados da conta alterados',
  'user.preferences_updated': 'Preferências alteradas',
  'user.password_reset_requested': 'Pediu redefinição de senha',
  'user.password_reset': 'Redefiniu a senha',
  'user.created_by_system': 'Conta criada pelo sistema',
  'user.cpf_dispute_opened': 'CPF contestado por outra pessoa',
  'admin.user.status_changed': 'Status alterado por administrador',
  'admin.user.bonus_credit': 'Bônus de créditos concedido',
  'admin.user.sessions_ended': 'Sessões encerradas por administrador',
  'admin.user.deleted': 'Usuário excluído',
  'admin.cpf_dispute.resolved': 'Contestação de CPF resolvida',
  'admin.jobs_retried': 'Processamentos com falha repetidos',
  'license.created': 'Registro profissional adicionado',
  'license.updated': 'Registro profissional alterado',
  'license.deleted': 'Registro profissional removido',
  'license.made_primary': 'Registro principal alterado',
  'specialization.added': 'Especialidade adicionada',
  'specialization.removed': 'Especialidade removida',
  'patient.created': 'Paciente cadastrado',
  'patient.updated': 'Paciente alterado',
  'patient.exported': 'Dados de paciente exportados (LGPD)',
  'patient.deleted': 'Paciente excluído',
  'consultation.created': 'Consulta criada',
  'consultation.updated': 'Consulta alterada',
  'consultation.status_changed': 'Status de consulta alterado',
  'consultation.user_context_saved': 'Contexto de consulta salvo',
  'consultation.recording_consent': 'Consentimento de gravação registrado',
  'consultation.diagnoses_saved': 'Hipóteses diagnósticas (CID-10) salvas',
  'consultation.deleted': 'Consulta excluída',
  'document.deleted': 'Documento da consulta excluído',
  'document.signed': 'PDF assinado digitalmente',
  'document.revoked': 'Endereço de documento emitido revogado',
  'certificate.saved': 'Certificado digital A1 guardado',
  'certificate.removed': 'Certificado digital A1 removido',
  'template.created': 'Modelo de anamnese criado',
  'template.updated': 'Modelo de anamnese alterado',
  'template.deleted': 'Modelo de anamnese excluído',
};

export function describeAuditAction(action: string): string {
  return AUDIT_ACTIONS[action] ?? action;
}

/**
 * Who gave a bonus: the ledger holds the administrator's id; their name comes from the audit events
 * (the bonus is recorded there with it). Null for movements no one granted.
 */
export function describeGrantor(
  movement: TCreditMovement,
  audit: TAdminAuditEvent[],
  currentUserId: string | undefined,
): string | null {
  if (!movement.actor_id) return null;
  if (movement.actor_id === currentUserId) return 'Você';
  return audit.find((event) => event.actor_user_id === movement.actor_id)?.actor_name ?? 'Um administrador';
}

const count = (value: number, one: string, many: string) => (value === 1 ? one : many.replace('#', String(value)));

/** Spec: the typed confirmation says exactly what a deletion removes, and that the audit trail stays. */
export function describeDeletion(name: string, impact: TUserDeletionImpact): string {
  const removed = [
    impact.patients > 0 && count(impact.patients, 'o único paciente', 'os # pacientes'),
    impact.consultations > 0 && count(impact.consultations, 'a única consulta', 'as # consultas'),
    impact.files > 0 && count(impact.files, 'o único arquivo', 'os # arquivos'),
  ].filter((part) => part !== false);
  const sentence =
    removed.length === 0
      ? `A conta de ${name} será apagada definitivamente; não há pacientes, consultas nem arquivos.`
      : `A conta, ${joinAsList(removed)} de ${name} serão apagados definitivamente.`;
  return `${sentence} O registro de auditoria é mantido.`;
}

/** "a, b e c". */
export function joinAsList(parts: string[]): string {
  if (parts.length <= 1) return parts.join('');
  return `${parts.slice(0, -1).join(', ')} e ${parts.at(-1)}`;
}
