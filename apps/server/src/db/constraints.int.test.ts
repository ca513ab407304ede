import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testGeneration } from '../../test/analytics-test-support';
import { createTestConsultation } from '../../test/clinical-factories';
import { insertEarlierUser, useDatabaseBefore } from '../../test/earlier-migrations';
import { createLoggedInUser } from '../../test/factories';
import { useTestApp } from '../../test/test-app';
import { grantCredits } from '../modules/credits/credit-ledger';
import { grantSignUpCredits, SIGN_UP_CREDITS_REASON } from '../modules/credits/sign-up-credits';
import * as schema from './schema/index';

const t = useTestApp();

/** The SQLSTATE a failed statement carries (drizzle wraps the driver's error as its cause). */
async function failureCode(statement: Promise<unknown>): Promise<string | undefined> {
  try {
    await statement;
    return undefined;
  } catch (error) {
    for (let current: unknown = error; current instanceof Object; current = (current as { cause?: unknown }).cause) {
      const code = (current as { code?: unknown }).code;
      if (typeof code === 'string') return code;
    }
    return 'no code';
  }
}

describe('CHECK constraints (migration 0014)', () => {
  it('refuse every row that breaks what the code assumes', async () => {
    const { user, headers } = await createLoggedInUser(t.app);
    const consultation = await createTestConsultation(t.app, headers);
    const db = t.app.db;
    const userId = user.id;
    const consultationId = consultation.id;
    const generation = testGeneration(consultationId, userId, 1, 'ready', new Date());
    const evidence = { consultationId, kind: 'file', status: 'ready' } as const;
    const movement = { userId, kind: 'grant', amount: 1 } as const;
    type Bad = never; // a value the column's type refuses on purpose
    const attempts: [string, Promise<unknown>][] = [
      ['users.credits', db.update(schema.users).set({ credits: -1 }).where(eq(schema.users.id, userId))],
      [
        'users.status',
        db
          .update(schema.users)
          .set({ status: 'deleted' as Bad })
          .where(eq(schema.users.id, userId)),
      ],
      [
        'consultations.status',
        db
          .update(schema.consultations)
          .set({ status: 'archived' as Bad })
          .where(eq(schema.consultations.id, consultationId)),
      ],
      ['credit_movements.kind', db.insert(schema.creditMovements).values({ ...movement, kind: 'gift' as Bad })],
      ['evidences.kind', db.insert(schema.evidences).values({ ...evidence, kind: 'photo' as Bad })],
      ['evidences.status', db.insert(schema.evidences).values({ ...evidence, status: 'lost' as Bad })],
      ['anamnesis_versions.kind', db.insert(schema.anamnesisVersions).values({ ...generation, kind: 'draft' as Bad })],
      [
        'anamnesis_versions.status',
        db.insert(schema.anamnesisVersions).values({ ...generation, version: 2, status: 'done' as Bad }),
      ],
    ];
    for (const [column, attempt] of attempts) {
      expect(await failureCode(attempt), column).toBe('23514');
    }
    // The same rows with known values are stored.
    await db.insert(schema.creditMovements).values(movement);
    await db.insert(schema.evidences).values(evidence);
    await db.insert(schema.anamnesisVersions).values(generation);
  });
});

describe('sign-up credits', () => {
  it('are granted once by their key, whatever the reason text says', async () => {
    const { user } = await createLoggedInUser(t.app);
    const userId = user.id;
    await t.app.db.transaction((tx) =>
      grantCredits(tx, { userId, kind: 'grant', amount: 3, reason: 'Boas-vindas (texto antigo)', grantKey: 'sign_up' }),
    );
    await t.app.db.transaction((tx) => grantSignUpCredits(t.app, tx, userId));
    await Promise.all([1, 2].map(() => t.app.db.transaction((tx) => grantSignUpCredits(t.app, tx, userId))));
    const movements = await t.app.db
      .select()
      .from(schema.creditMovements)
      .where(eq(schema.creditMovements.userId, userId));
    expect(movements.map((movement) => [movement.reason, movement.grantKey])).toEqual([
      ['Boas-vindas (texto antigo)', 'sign_up'],
    ]);
    const [account] = await t.app.db.select().from(schema.users).where(eq(schema.users.id, userId));
    expect(account!.credits).toBe(3);
  });
});

// The migration is the same SQL on both databases; PGlite is enough to migrate one made before it.
describe.skipIf(process.env.TEST_DATABASE_URL)('migration 0014 on a database made before it', () => {
  const openEarlier = useDatabaseBefore('_constraints_and_indexes');

  it('keys the first sign-up grant of each account, so none is granted again', async () => {
    const earlier = await openEarlier();
    const { db } = earlier;
    const userId = await insertEarlierUser(db, { credits: 25 });
    // Granted twice by a race the reason-text check let through, and a bonus (the schema of then: no grant_key).
    await db.execute(sql`
      insert into credit_movements (user_id, kind, amount, reason, created_at) values
        (${userId}, 'grant', 10, ${SIGN_UP_CREDITS_REASON}, '2025-11-03T12:00:00Z'),
        (${userId}, 'grant', 10, ${SIGN_UP_CREDITS_REASON}, '2025-11-03T12:00:01Z'),
        (${userId}, 'bonus', 5, ${SIGN_UP_CREDITS_REASON}, now())`);

    await earlier.migrateRest();
    const keyed = await db.select().from(schema.creditMovements).where(eq(schema.creditMovements.grantKey, 'sign_up'));
    expect(keyed.map((movement) => [movement.kind, movement.createdAt.toISOString()])).toEqual([
      ['grant', '2025-11-03T12:00:00.000Z'],
    ]);
    const again = await db.transaction((tx) =>
      grantCredits(tx, { userId, kind: 'grant', amount: 10, reason: 'Outro texto', grantKey: 'sign_up' }),
    );
    expect(again).toBe(false);
  });
});
