import { IDEMPOTENCY_KEY_TTL_HOURS } from '@escriba/contract';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { idempotencyKeys, type IdempotencyKeyRow } from '../../db/schema';
import { fieldError } from '../errors';

export interface IdempotencyClaim {
  userId: string;
  key: string;
}

/** A first answer kept for repeats. */
export interface StoredAnswer {
  statusCode: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * Called by a create with its answer inside the transaction that creates: the answer a repeat gets commits
 * with what it stands for, so a crash after the commit cannot leave the key pending and let a repeat create twice.
 */
export type KeepAnswer = (tx: Database, answer: unknown) => Promise<void>;

/** For a create run outside a request with an Idempotency-Key. */
export const keepNothing: KeepAnswer = async () => {};

// A first request still unanswered after this long died with its instance: a repeat takes its place.
const ABANDONED_AFTER = sql`now() - interval '10 minutes'`;
const EXPIRED_BEFORE = sql`now() - make_interval(hours => ${IDEMPOTENCY_KEY_TTL_HOURS})`;

/**
 * Claims the key for this request ('claimed': run it), or answers what the first request with it
 * left: its stored answer, or 'pending' while it runs. The same key with another request is a 422
 * naming the header (draft-ietf-httpapi-idempotency-key-header §2.7).
 */
export async function claimKey(
  db: Database,
  claim: IdempotencyClaim,
  fingerprint: string,
): Promise<'claimed' | 'pending' | StoredAnswer> {
  const [inserted] = await db
    .insert(idempotencyKeys)
    .values({ ...claim, fingerprint })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (inserted) return 'claimed';

  const [first] = await db.select().from(idempotencyKeys).where(isClaim(claim));
  if (!first) return claimKey(db, claim, fingerprint); // released between the insert and the select
  if (first.fingerprint !== fingerprint) {
    throw fieldError(
      ['headers', 'idempotency-key'],
      'Esta Idempotency-Key já foi usada com outra requisição; use uma chave nova para cada ação',
    );
  }
  if (first.statusCode !== null) return storedAnswer(first, first.statusCode);
  const [takenOver] = await db
    .update(idempotencyKeys)
    .set({ createdAt: sql`now()` })
    .where(and(isClaim(claim), isNull(idempotencyKeys.statusCode), lt(idempotencyKeys.createdAt, ABANDONED_AFTER)))
    .returning({ key: idempotencyKeys.key });
  return takenOver ? 'claimed' : 'pending';
}

/** Forgets keys older than IDEMPOTENCY_KEY_TTL_HOURS, through the created_at index: cheap when none has expired. */
export async function purgeExpiredKeys(db: Database): Promise<void> {
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, EXPIRED_BEFORE));
}

/** Keeps the first request's answer for the repeats. */
export async function storeAnswer(db: Database, claim: IdempotencyClaim, answer: StoredAnswer): Promise<void> {
  await db.update(idempotencyKeys).set(answer).where(isClaim(claim));
}

/** Frees the key of a request answered with an error, so that a corrected repeat runs. */
export async function releaseClaim(db: Database, claim: IdempotencyClaim): Promise<void> {
  await db.delete(idempotencyKeys).where(and(isClaim(claim), isNull(idempotencyKeys.statusCode)));
}

function isClaim(claim: IdempotencyClaim) {
  return and(eq(idempotencyKeys.userId, claim.userId), eq(idempotencyKeys.key, claim.key));
}

function storedAnswer(row: IdempotencyKeyRow, statusCode: number): StoredAnswer {
  return { statusCode, headers: row.headers ?? {}, body: row.body ?? '' };
}
