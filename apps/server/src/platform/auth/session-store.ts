import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { sessions, users, type SessionRow, type UserRow } from '../../db/schema/index';
import type { RequestOrigin } from '../audit';
import { hashToken, hmacToken, randomToken } from '../crypto';

export interface SessionPolicy {
  accessTokenTtlMs: number;
  idleTimeoutMs: number;
  maxAgeMs: number;
}

export interface ActiveSession {
  session: SessionRow;
  user: UserRow;
}

export interface IssuedTokens {
  session: SessionRow;
  accessToken: string;
  streamToken: string;
}

// How long a just-rotated token may still be refreshed, so that a second refresh racing the
// first gets the same new token instead of an error.
export const ROTATION_GRACE_MS = 30_000;

/** Storage of sessions; tokens exist in plain text only in the answers to the client. */
export class SessionStore {
  constructor(
    private readonly db: Database,
    private readonly policy: SessionPolicy,
    private readonly rotationKey: string,
  ) {}

  async create(userId: string, origin: RequestOrigin): Promise<IssuedTokens> {
    const now = Date.now();
    const accessToken = randomToken();
    const streamToken = randomToken();
    const expiresAt = new Date(now + this.policy.maxAgeMs);
    const [session] = await this.db
      .insert(sessions)
      .values({
        userId,
        tokenHash: hashToken(accessToken),
        streamTokenHash: hashToken(streamToken),
        tokenExpiresAt: new Date(Math.min(now + this.policy.accessTokenTtlMs, expiresAt.getTime())),
        expiresAt,
        ip: origin.ip,
        userAgent: origin.userAgent,
      })
      .returning();
    return { session: session!, accessToken, streamToken };
  }

  /**
   * The session a token opens, with its user, whether or not it is still usable (see expiryReason).
   * A token replaced by a refresh opens it only with `includeRotated`, and only for the grace period.
   */
  async findByToken(token: string, { includeRotated = false } = {}): Promise<ActiveSession | undefined> {
    const tokenHash = hashToken(token);
    const matchesToken = includeRotated
      ? or(
          eq(sessions.tokenHash, tokenHash),
          and(
            eq(sessions.previousTokenHash, tokenHash),
            gt(sessions.rotatedAt, new Date(Date.now() - ROTATION_GRACE_MS)),
          ),
        )
      : eq(sessions.tokenHash, tokenHash);
    const [row] = await this.db
      .select({ session: sessions, user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(matchesToken, isNull(sessions.revokedAt)))
      .limit(1);
    return row;
  }

  async findByStreamToken(userId: string, streamToken: string): Promise<ActiveSession | undefined> {
    const [row] = await this.db
      .select({ session: sessions, user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          eq(sessions.streamTokenHash, hashToken(streamToken)),
          eq(sessions.userId, userId),
          isNull(sessions.revokedAt),
        ),
      )
      .limit(1);
    return row;
  }

  async findById(sessionId: string): Promise<ActiveSession | undefined> {
    const [row] = await this.db
      .select({ session: sessions, user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
      .limit(1);
    return row;
  }

  /** Why a session can no longer be used, or undefined while it can. */
  expiryReason(
    active: ActiveSession,
    now = Date.now(),
  ): 'expired' | 'idle' | 'token_expired' | 'user_inactive' | undefined {
    const { session, user } = active;
    if (user.status !== 'active') return 'user_inactive';
    if (session.expiresAt.getTime() <= now) return 'expired';
    if (session.lastUsedAt.getTime() + this.policy.idleTimeoutMs <= now) return 'idle';
    if (session.tokenExpiresAt.getTime() <= now) return 'token_expired';
    return undefined;
  }

  /**
   * Replaces the token. The successor is derived from the presented token with a server key, so
   * two refreshes racing with the same token rotate it once and both get the same new token.
   */
  async rotate(
    sessionId: string,
    presentedToken: string,
  ): Promise<{ accessToken: string; tokenExpiresAt: Date } | undefined> {
    const presentedHash = hashToken(presentedToken);
    const accessToken = hmacToken(this.rotationKey, presentedToken);
    const successorHash = hashToken(accessToken);
    const now = new Date();
    const [rotated] = await this.db
      .update(sessions)
      .set({
        tokenHash: successorHash,
        previousTokenHash: presentedHash,
        rotatedAt: now,
        lastUsedAt: now,
        tokenExpiresAt: sql`least(${new Date(now.getTime() + this.policy.accessTokenTtlMs)}::timestamptz, ${sessions.expiresAt})`,
      })
      .where(and(eq(sessions.id, sessionId), eq(sessions.tokenHash, presentedHash), isNull(sessions.revokedAt)))
      .returning({ tokenExpiresAt: sessions.tokenExpiresAt });
    if (rotated) return { accessToken, tokenExpiresAt: rotated.tokenExpiresAt };

    const [alreadyRotated] = await this.db
      .select({ tokenExpiresAt: sessions.tokenExpiresAt })
      .from(sessions)
      .where(
        and(
          eq(sessions.id, sessionId),
          eq(sessions.previousTokenHash, presentedHash),
          eq(sessions.tokenHash, successorHash),
          gt(sessions.rotatedAt, new Date(now.getTime() - ROTATION_GRACE_MS)),
          isNull(sessions.revokedAt),
        ),
      );
    return alreadyRotated ? { accessToken, tokenExpiresAt: alreadyRotated.tokenExpiresAt } : undefined;
  }

  async touch(sessionId: string, at: Date): Promise<void> {
    await this.db.update(sessions).set({ lastUsedAt: at }).where(eq(sessions.id, sessionId));
  }

  /** Ends one session; answers whether it was still open. */
  async revoke(sessionId: string, reason: string): Promise<boolean> {
    const revoked = await this.db
      .update(sessions)
      .set({ revokedAt: new Date(), revokedReason: reason })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    return revoked.length > 0;
  }

  /** Ends every open session of a user; answers the ids ended. */
  async revokeAllOfUser(db: Database, userId: string, reason: string): Promise<string[]> {
    const revoked = await db
      .update(sessions)
      .set({ revokedAt: new Date(), revokedReason: reason })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    return revoked.map((row) => row.id);
  }
}
