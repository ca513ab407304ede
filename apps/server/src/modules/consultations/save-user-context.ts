import type { TConsultation } from '@escriba/contract';
import type { FastifyRequest } from 'fastify';
import { consultations } from '../../db/schema/index';
import { recordAudit, requestOrigin } from '../../platform/audit';
import type { App } from '../../platform/services';
import { toConsultationView } from './consultation-view';
import { consultationNotFound, ownConsultation } from './get-consultation';

/** Replaces the consultation's user context with the text as sent (spec §7: PUT …/user-context). */
export async function saveUserContext(
  app: App,
  userId: string,
  consultationId: string,
  userContext: string,
  request: FastifyRequest,
): Promise<TConsultation> {
  const row = await app.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(consultations)
      .set({ userContext, updatedAt: new Date() })
      .where(ownConsultation(userId, consultationId))
      .returning();
    if (!updated) throw consultationNotFound();
    await recordAudit(tx, {
      action: 'consultation.user_context_saved',
      actorUserId: userId,
      subjectUserId: userId,
      ...requestOrigin(request),
      details: { consultation_id: consultationId },
    });
    return updated;
  });
  await app.consultationLists.invalidate(userId);
  return toConsultationView(app.db, row);
}
