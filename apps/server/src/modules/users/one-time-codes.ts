import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { oneTimeCodes, type OneTimeCodePurpose } from '../../db/schema/index';
import { hashToken, randomToken } from '../../platform/crypto';
import { fieldError, type AppError } from '../../platform/errors';

export const RESET_CODE_LIFETIME_MS = 60 * 60_000;

/** A new single-use code; earlier unused codes of the same purpose stop working. */
export async function issueCode(
  db: Database,
  userId: string,
  purpose: OneTimeCodePurpose,
  lifetimeMs: number,
): Promise<string> {
  const code = randomToken();
  const now = new Date();
  await db
    .update(oneTimeCodes)
    .set({ usedAt: now })
    .where(and(eq(oneTimeCodes.userId, userId), eq(oneTimeCodes.purpose, purpose), isNull(oneTimeCodes.usedAt)));
  await db.insert(oneTimeCodes).values({
    userId,
    purpose,
    codeHash: hashToken(code),
    expiresAt: new Date(now.getTime() + lifetimeMs),
  });
  return code;
}

const usedCode = (loc: string[]) => fieldError(loc, 'Este link já foi usado', 'invalid_code');

/** A code's user, and why it cannot be used (a 422 naming where the code came from); a usable code has no problem. */
export type CodeState = { userId: string; problem?: undefined } | { userId?: string; problem: AppError };

/**
 * A code's user and state, without using it up. Only the holder of a code learns whether it was
 * used or has expired: codes are random and unguessable, so telling them apart gives nothing away.
 */
export async function inspectCode(
  db: Database,
  code: string,
  purpose: OneTimeCodePurpose,
  loc: string[],
): Promise<CodeState> {
  const [found] = await db
    .select({ userId: oneTimeCodes.userId, usedAt: oneTimeCodes.usedAt, expiresAt: oneTimeCodes.expiresAt })
    .from(oneTimeCodes)
    .where(and(eq(oneTimeCodes.codeHash, hashToken(code)), eq(oneTimeCodes.purpose, purpose)))
    .limit(1);
  if (!found) return { problem: invalidCode(loc) };
  if (found.usedAt) return { userId: found.userId, problem: usedCode(loc) };
  if (found.expiresAt <= new Date()) {
    return { userId: found.userId, problem: fieldError(loc, 'Este link expirou', 'invalid_code') };
  }
  return { userId: found.userId };
}

export function invalidCode(loc: string[]): AppError {
  return fieldError(loc, 'Link inválido ou incompleto', 'invalid_code');
}

/**
 * Uses up a code that `inspectCode` found usable. Of two uses at once only one gets through; the
 * other gets the 422 a used code gets.
 */
export async function consumeCode(
  db: Database,
  code: string,
  purpose: OneTimeCodePurpose,
  loc: string[],
): Promise<void> {
  const now = new Date();
  const used = await db
    .update(oneTimeCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(oneTimeCodes.codeHash, hashToken(code)),
        eq(oneTimeCodes.purpose, purpose),
        isNull(oneTimeCodes.usedAt),
        gt(oneTimeCodes.expiresAt, now),
      ),
    )
    .returning({ id: oneTimeCodes.id });
  if (used.length === 0) throw usedCode(loc);
}
