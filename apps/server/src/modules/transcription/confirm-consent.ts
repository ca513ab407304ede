import type { TConsultation, TRecordingConsentBody } from '@escriba/contract';
import { consultations } from '../../db/schema/index';
import { recordAudit, type RequestOrigin } from '../../platform/audit';
import type { App } from '../../platform/services';
import { getConsultation, lockConsultation, ownConsultation } from '../consultations/get-consultation';

/**
 * PUT .../recording-consent: the professional confirms the patient agreed to be recorded and, with
 * `ai_processing`, to the AI processing her data. Each first confirmation is kept (who and when); confirming
 * again changes nothing.
 */
export async function confirmConsent(
  app: App,
  userId: string,
  consultationId: string,
  body: TRecordingConsentBody,
  origin: RequestOrigin,
): Promise<TConsultation> {
  await app.db.transaction(async (tx) => {
    const consultation = await lockConsultation(tx, userId, consultationId);
    const now = new Date();
    const isRecordingNew = !consultation.consentConfirmedAt;
    const isAiNew = body.ai_processing === true && !consultation.aiConsentConfirmedAt;
    if (!isRecordingNew && !isAiNew) return;
    await tx
      .update(consultations)
      .set({
        ...(isRecordingNew && { consentConfirmedBy: userId, consentConfirmedAt: now }),
        ...(isAiNew && { aiConsentConfirmedBy: userId, aiConsentConfirmedAt: now }),
      })
      .where(ownConsultation(userId, consultationId));
    await recordAudit(tx, {
      action: 'consultation.recording_consent',
      actorUserId: userId,
      subjectUserId: userId,
      ...origin,
      details: { consultation_id: consultationId, recording: isRecordingNew, ai_processing: isAiNew },
    });
  });
  return getConsultation(app, userId, consultationId);
}
