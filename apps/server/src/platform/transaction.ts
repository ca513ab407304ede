import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';

/** The transaction a caller opened: work done with it commits or rolls back together. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Remembers work for after the commit: live messages, cache drops, wake-ups. Never runs if the transaction fails. */
export type AfterCommit = (effect: () => unknown) => void;

/**
 * Runs `work` in a transaction, then, once it has committed, the side effects it asked for, in order. An
 * effect that fails is logged: the commit stands, and effects are courtesies on top of what is stored (what
 * must not be lost, such as deleting files, is a job queued inside the transaction instead).
 */
export async function inTransaction<T>(
  app: { db: Database; log: FastifyBaseLogger },
  work: (tx: Tx, afterCommit: AfterCommit) => Promise<T>,
): Promise<T> {
  const effects: (() => unknown)[] = [];
  const result = await app.db.transaction((tx) => work(tx, (effect) => effects.push(effect)));
  for (const effect of effects) {
    try {
      await effect();
    } catch (error) {
      app.log.error({ err: error }, 'side effect after commit failed');
    }
  }
  return result;
}
