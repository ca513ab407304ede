import type { TConsultation, TUserContextBody } from '@escriba/contract';
import { api } from '../../../lib/session';

/**
 * PUT /user/consultations/{id}/user-context. `keepalive` lets the last save of a page that is being
 * closed reach the server. The editor calls it directly: it sequences saves itself (see use-user-context-autosave).
 */
export function saveUserContext(id: string, body: TUserContextBody, keepalive = false): Promise<TConsultation> {
  return api<TConsultation>(`/user/consultations/${id}/user-context`, { method: 'PUT', body, keepalive });
}
