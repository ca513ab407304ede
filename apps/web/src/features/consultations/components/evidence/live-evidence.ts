import type { TEvidence, TLiveMessage } from '@escriba/contract';

/**
 * What a live message means for one consultation's evidences: read them again (an `evidence` message
 * of this consultation, and every (re)connection, since messages sent while the socket was down are
 * not kept), or nothing.
 */
export function liveEvidenceAction(message: TLiveMessage, consultationId: string): 'refetch' | 'ignore' {
  if (message.type === 'system' && message.status_code === 200) return 'refetch';
  return message.type === 'evidence' && message.consultation_id === consultationId ? 'refetch' : 'ignore';
}

/** The list with the message's status applied at once, before the refetch brings the rest (thumbnail, reason). */
export function applyEvidenceStatus(list: TEvidence[], message: TLiveMessage): TEvidence[] {
  const { evidence_id: evidenceId, status } = message;
  if (message.type !== 'evidence' || !evidenceId || !status) return list;
  return list.map((evidence) => (evidence.id === evidenceId ? { ...evidence, status } : evidence));
}
