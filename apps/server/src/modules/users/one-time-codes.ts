import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { oneTimeCodes, type OneTimeCodePurpose } from '../../db/schema/index';
import { hashToken, randomToken } from '../../platform/crypto';

export const CODE_LIFETIME_MS: Record<OneTimeCodePurpose, number> = {
  verify_email: 48 * 60 * 60_000,
  reset_password: 60 * 60_000,
};

/** A new single-use code; earlier unused codes of the same purpose stop working. */
export async function issueCode(db: Database, userId: string, purpose: OneTimeCodePurpose): Promise<string> {
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
    expiresAt: new Date(now.getTime() + CODE_LIFETIME_MS[purpose]),
  });
  return code;
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
