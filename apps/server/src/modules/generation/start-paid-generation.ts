import type { Database } from '../../db/client';
import { consultations } from '../../db/schema/index';
import type { App } from '../../platform/services';
import { inTransaction, type AfterCommit, type Tx } from '../../platform/transaction';
import { assertAiEnabled } from '../consultations/ai-choice';
import {
  assertEditable,
  consultationNotFound,
  lockConsultation,
  ownConsultation,
} from '../consultations/get-consultation';
import { spendCredits, type GenerationPaid } from '../credits/credit-ledger';
import { refreshBalance } from '../credits/refresh-balance';

/** 404 for another professional's consultation, 409 once it is concluded or run without AI: a generation's first check. */
export async function assertMayGenerate(db: Database, userId: string, consultationId: string): Promise<void> {
  const [consultation] = await db.select().from(consultations).where(ownConsultation(userId, consultationId));
  if (!consultation) throw consultationNotFound();
  assertEditable(consultation);
  assertAiEnabled(consultation, 'generation');
}

/**
 * Starts a generation (a note, a field of it, a document) once its request is checked. It is counted against the
 * professional's limit before anything is written (429 with Retry-After), then `record` writes it and queues its
 * job and `cost` credits pay for it, in one transaction under the consultation's row lock (checked again there), so
 * two requests cannot both start one nor overdraw the balance. A start that fails gives its count back; the balance
 * is refreshed after commit.
 */
export async function startPaidGeneration<T>(
  app: App,
  userId: string,
  consultationId: string,
  cost: number,
  record: (tx: Tx, afterCommit: AfterCommit) => Promise<{ paid: GenerationPaid; result: T }>,
): Promise<T> {
  const limit = app.rateLimits.generationsPerProfessional;
  await limit.consume(userId);
  return inTransaction(app, async (tx, afterCommit) => {
    const locked = await lockConsultation(tx, userId, consultationId);
    assertEditable(locked);
    assertAiEnabled(locked, 'generation');
    const { paid, result } = await record(tx, afterCommit);
    await spendCredits(tx, userId, cost, paid);
    afterCommit(() => refreshBalance(app, userId));
    return result;
  }).catch(limit.refundOnFailure(userId));
}
