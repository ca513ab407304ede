import { and, eq } from 'drizzle-orm';
import { creditMovements } from '../../db/schema/credits';
import type { App } from '../../platform/services';
import type { AfterCommit } from '../../platform/transaction';
import { refundSpend, type GenerationPaid, type Tx } from './credit-ledger';
import { refreshBalance } from './refresh-balance';

/**
 * Returns what a generation (of a note or a document) spent, once (a second call changes nothing), in the caller's transaction; the
 * professional's cached balance is dropped after the commit.
 */
export async function refundGeneration(
  app: App,
  tx: Tx,
  afterCommit: AfterCommit,
  generation: { paidFor: GenerationPaid; userId: string; reason: string },
): Promise<void> {
  const { paidFor } = generation;
  const [spend] = await tx
    .select({ id: creditMovements.id })
    .from(creditMovements)
    .where(
      and(
        'anamnesisId' in paidFor
          ? eq(creditMovements.anamnesisId, paidFor.anamnesisId)
          : eq(creditMovements.documentId, paidFor.documentId),
        eq(creditMovements.kind, 'spend'),
      ),
    );
  if (!spend) return;
  await refundSpend(tx, spend.id, generation.reason);
  afterCommit(() => refreshBalance(app, generation.userId));
}
