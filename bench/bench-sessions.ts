import { users } from '../apps/server/src/db/schema/index';
import type { DatabaseHandle } from '../apps/server/src/db/client';
import { SessionStore } from '../apps/server/src/platform/auth/session-store';

/** Active professionals with an open session each, stored directly (logging in 500 times would measure argon2). */
export async function openSessions(database: DatabaseHandle, count: number, userAgent: string) {
  const rows = await database.db
    .insert(users)
    .values(
      Array.from({ length: count }, (_, index) => ({
        name: `Profissional ${index + 1}`,
        email: `carga.${index + 1}@clinica.test`,
        passwordHash: 'not-used',
        status: 'active' as const,
        emailVerifiedAt: new Date(),
      })),
    )
    .returning({ id: users.id });
  const store = new SessionStore(
    database.db,
    { accessTokenTtlMs: 3_600_000, idleTimeoutMs: 0, maxAgeMs: 86_400_000 },
    '',
  );
  return Promise.all(
    rows.map(async ({ id }) => {
      const issued = await store.create(id, { ip: '127.0.0.1', userAgent });
      return { userId: id, accessToken: issued.accessToken, streamToken: issued.streamToken };
    }),
  );
}
