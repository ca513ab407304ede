import {
  canChangeStatus,
  CONSULTATION_STATUS_LABELS,
  UPDATABLE_CONSULTATION_FIELDS,
  type TConsultation,
  type ZUpdateConsultationBody,
} from '@escriba/contract';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { consultations, type ConsultationRow } from '../../db/schema/index';
import { recordAudit, type RequestOrigin } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import { foldForSearch } from '../../platform/search-key';
import type { App } from '../../platform/services';
import { assertAiEnabled, assertAiMayTurnOff } from './ai-choice';
import { toConsultationView } from './consultation-view';
import { assertEditable, lockConsultation, ownConsultation } from './get-consultation';

/** Changes the one field the body names; a status change must follow CONSULTATION_TRANSITIONS. */
export async function updateConsultation(
  app: App,
  userId: string,
  consultationId: string,
  body: z.output<typeof ZUpdateConsultationBody>,
  origin: RequestOrigin,
): Promise<TConsultation> {
  // The body schema lets exactly one of these through.
  const field = UPDATABLE_CONSULTATION_FIELDS.find((name) => body[name] !== undefined)!;
  const auditedBy = { actorUserId: userId, subjectUserId: userId, ...origin };
  const row = await app.db.transaction(async (tx) => {
    const current = await lockConsultation(tx, userId, consultationId);
    if (field === 'status') {
      const to = body.status!;
      if (to === current.status) return current;
      if (!canChangeStatus(current.status, to)) throw refusedTransition(current, to);
      if (to === 'recording') assertAiEnabled(current, 'recording');
      const updated = await write(tx, current, { status: to, ...(to === 'done' && { concludedAt: new Date() }) });
      await recordAudit(tx, {
        action: 'consultation.status_changed',
        ...auditedBy,
        details: { consultation_id: consultationId, from: current.status, to },
      });
      return updated;
    }
    assertEditable(current);
    if (field === 'ai_enabled') {
      const enabled = body.ai_enabled!;
      if (enabled === current.aiEnabled) return current;
      if (!enabled) await assertAiMayTurnOff(tx, current);
      const updated = await write(tx, current, { aiEnabled: enabled });
      await recordAudit(tx, {
        action: 'consultation.updated',
        ...auditedBy,
        details: { consultation_id: consultationId, fields: [field], ai_enabled: enabled },
      });
      return updated;
    }
    const texts = { title: current.title, chiefComplaint: current.chiefComplaint };
    if (field === 'title') texts.title = body.title ?? null;
    else texts.chiefComplaint = body.chief_complaint ?? null;
    const updated = await write(tx, current, { ...texts, searchKey: foldForSearch(texts.title, texts.chiefComplaint) });
    await recordAudit(tx, {
      action: 'consultation.updated',
      ...auditedBy,
      details: { consultation_id: consultationId, fields: [field] },
    });
    return updated;
  });
  await app.consultationLists.invalidate(userId);
  return toConsultationView(app.db, row);
}

async function write(
  tx: Database,
  current: ConsultationRow,
  changes: Partial<typeof consultations.$inferInsert>,
): Promise<ConsultationRow> {
  const [updated] = await tx
    .update(consultations)
    .set({ ...changes, updatedAt: new Date() })
    .where(ownConsultation(current.userId, current.id))
    .returning();
  return updated!;
}

function refusedTransition(current: ConsultationRow, to: ConsultationRow['status']): AppError {
  const from = CONSULTATION_STATUS_LABELS[current.status];
  return new AppError('conflict', [
    {
      loc: ['body', 'status'],
      msg: `Uma consulta em "${from}" não pode passar para "${CONSULTATION_STATUS_LABELS[to]}"`,
      type: 'invalid_transition',
    },
  ]);
}
