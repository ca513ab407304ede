import type { TConsultation, TUserContextBody } from '@escriba/contract';
import { consultations } from '../../db/schema/index';
import { recordAudit, type RequestOrigin } from '../../platform/audit';
import type { App } from '../../platform/services';
import { toConsultationView } from './consultation-view';
import { assertEditable, consultationNotFound, lockConsultation, ownConsultation } from './get-consultation';

export type SaveUserContextResult = { saved: TConsultation } | { conflict: string };

/**
 * Replaces the consultation's user context with the text as sent (spec §7: PUT …/user-context). With a
 * `base_user_context` that is no longer the stored text, stores nothing and answers the stored text.
 */
export async function saveUserContext(
  app: App,
  userId: string,
  consultationId: string,
  body: TUserContextBody,
  origin: RequestOrigin,
): Promise<SaveUserContextResult> {
  const result = await app.db.transaction(async (tx) => {
    // The row lock orders two tabs' saves, so both cannot pass the check against the same text.
    const current = await lockConsultation(tx, userId, consultationId);
    assertEditable(current);
    const base = body.base_user_context;
    if (base !== undefined && base !== current.userContext && body.user_context !== current.userContext) {
      return { conflict: current.userContext };
    }
    const [updated] = await tx
      .update(consultations)
      .set({ userContext: body.user_context, updatedAt: new Date() })
      .where(ownConsultation(userId, consultationId))
      .returning();
    if (!updated) throw consultationNotFound();
    await recordAudit(tx, {
      action: 'consultation.user_context_saved',
      actorUserId: userId,
      subjectUserId: userId,
      ...origin,
      details: { consultation_id: consultationId },
    });
    return { row: updated };
  });
  if (result.row === undefined) return { conflict: result.conflict };
  await app.consultationLists.invalidate(userId);
  return { saved: await toConsultationView(app.db, result.row) };
}
