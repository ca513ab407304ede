import type { TConsultation } from '@escriba/contract';
import type { FastifyRequest } from 'fastify';
import { consultations } from '../../db/schema/index';
import { recordAudit, requestOrigin } from '../../platform/audit';
import type { App } from '../../platform/services';
import { getConsultation, lockConsultation, ownConsultation } from '../consultations/get-consultation';

/**
 * PUT .../recording-consent: the professional confirms the patient agreed to be recorded. The first
 * confirmation is kept (who and when); confirming again changes nothing.
 */
export async function confirmConsent(
  app: App,
  userId: string,
  consultationId: string,
  request: FastifyRequest,
): Promise<TConsultation> {
  await app.db.transaction(async (tx) => {
    const consultation = await lockConsultation(tx, userId, consultationId);
    if (consultation.consentConfirmedAt) return;
    await tx
      .update(consultations)
      .set({ consentConfirmedBy: userId, consentConfirmedAt: new Date() })
      .where(ownConsultation(userId, consultationId));
    await recordAudit(tx, {
      action: 'consultation.recording_consent',
      actorUserId: userId,
      subjectUserId: userId,
      ...requestOrigin(request),
      details: { consultation_id: consultationId },
    });
  });
  return getConsultation(app, userId, consultationId);
}
