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

export interface CodeState {
  /** Unset for an unknown code. */
  userId?: string;
  /** Why the code cannot be used, as a 422 naming `loc`; unset for a usable code. */
  problem?: AppError;
}

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
  if (found.usedAt) return { userId: found.userId, problem: fieldError(loc, 'Este link já foi usado', 'invalid_code') };
  if (found.expiresAt <= new Date()) {
    return { userId: found.userId, problem: fieldError(loc, 'Este link expirou', 'invalid_code') };
  }
  return { userId: found.userId };
}

export function invalidCode(loc: string[]): AppError {
  return fieldError(loc, 'Link inválido ou incompleto', 'invalid_code');
}

/** Uses a code up, atomically; answers its user, or undefined for an unknown, used or expired code. */
export async function consumeCode(
  db: Database,
  code: string,
  purpose: OneTimeCodePurpose,
): Promise<string | undefined> {
  const now = new Date();
  const [used] = await db
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
    .returning({ userId: oneTimeCodes.userId });
  return used?.userId;
}
