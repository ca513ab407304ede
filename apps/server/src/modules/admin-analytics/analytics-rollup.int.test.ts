import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  analyticsActiveUsers,
  anamnesisVersions,
  consultations,
  creditMovements,
  sessions,
  transcriptChunks,
  userActivePeriods,
  users,
} from '../../db/schema/index';
import { createTestConsultation } from '../../../test/clinical-factories';
import { createLoggedInUser } from '../../../test/factories';
import { useTestApp } from '../../../test/test-app';
import { keptCounters, recountedCounters, testChunk, testGeneration } from '../../../test/analytics-test-support';

const at = (iso: string) => new Date(iso);

const harness = useTestApp();

async function activeUserCounts() {
  const { db } = harness.app;
  const kept = await db.select().from(analyticsActiveUsers);
  const recounted = await db
    .select({ unit: userActivePeriods.unit, period: userActivePeriods.period, count: sql<number>`count(*)::int` })
    .from(userActivePeriods)
    .groupBy(userActivePeriods.unit, userActivePeriods.period);
  const key = (unit: string, period: string) => `${unit} ${period}`;
  return {
    kept: new Map(
      kept.filter((row) => row.activeUsers !== 0).map((row) => [key(row.unit, row.period), row.activeUsers]),
    ),
    recounted: new Map(recounted.map((row) => [key(row.unit, row.period), row.count])),
  };
}

describe('the analytics counters kept by the database', () => {
  it('equal a recount of the rows after inserts, changes, moves and deletions, cascades included', async () => {
    const { app } = harness;
    const { db } = app;
    const ana = await createLoggedInUser(app);
    const bruno = await createLoggedInUser(app);
    await db
      .update(users)
      .set({ createdAt: at('2026-01-05T12:00:00Z') })
      .where(eq(users.id, bruno.user.id));

    const kept = await createTestConsultation(app, ana.headers);
    const moved = await createTestConsultation(app, ana.headers);
    const removed = await createTestConsultation(app, ana.headers);
    const brunos = await createTestConsultation(app, bruno.headers);
    // 02:30 UTC is the evening before in Brasília.
    await db
      .update(consultations)
      .set({ createdAt: at('2026-02-03T02:30:00Z') })
      .where(eq(consultations.id, moved.id));
    await db
      .update(consultations)
      .set({ createdAt: at('2026-02-10T15:00:00Z') })
      .where(eq(consultations.id, moved.id));

    await db
      .insert(transcriptChunks)
      .values([
        testChunk(kept.id, 0, 'pending', null, at('2026-02-10T13:00:00Z')),
        testChunk(kept.id, 1, 'failed', null, at('2026-02-10T13:00:00Z')),
        testChunk(removed.id, 0, 'done', 45.25, at('2026-02-11T13:00:00Z')),
        testChunk(brunos.id, 0, 'done', 20, at('2026-02-11T13:00:00Z')),
      ]);
    await db
      .update(transcriptChunks)
      .set({ status: 'done', duration: 30.5, transcribedAt: at('2026-02-12T02:59:00Z') })
      .where(eq(transcriptChunks.consultationId, kept.id));

    const [failing] = await db
      .insert(anamnesisVersions)
      .values(testGeneration(kept.id, ana.user.id, 1, 'generating', at('2026-02-10T14:00:00Z')))
      .returning();
    await db.update(anamnesisVersions).set({ status: 'failed' }).where(eq(anamnesisVersions.id, failing!.id));
    await db
      .insert(anamnesisVersions)
      .values([
        { ...testGeneration(kept.id, ana.user.id, 2, 'ready', at('2026-02-10T15:00:00Z')), kind: 'edit' as const },
        testGeneration(removed.id, ana.user.id, 1, 'ready', at('2026-02-11T15:00:00Z')),
        testGeneration(brunos.id, bruno.user.id, 1, 'ready', at('2026-02-11T15:00:00Z')),
      ]);
    await db.insert(creditMovements).values([
      { userId: ana.user.id, kind: 'spend', amount: -1, createdAt: at('2026-02-10T14:00:00Z') },
      { userId: ana.user.id, kind: 'refund', amount: 1, createdAt: at('2026-02-10T14:01:00Z') },
      { userId: ana.user.id, kind: 'bonus', amount: 20, createdAt: at('2026-02-10T14:02:00Z') },
      { userId: bruno.user.id, kind: 'spend', amount: -1, createdAt: at('2026-02-11T15:00:00Z') },
    ]);
    expect(await keptCounters(db)).toEqual(await recountedCounters(db));

    await db.delete(consultations).where(eq(consultations.id, removed.id));
    await db.delete(users).where(eq(users.id, bruno.user.id));
    const counters = await keptCounters(db);
    expect(counters).toEqual(await recountedCounters(db));
    expect(counters.get('2026-02-11')).toMatchObject({ transcribed_ms: 61_000, generations: 0, credits_spent: 0 });
    expect(counters.has('2026-01-05')).toBe(false);
  });

  it('mark a user active on each day they log in, use a session or change a consultation, and count each once', async () => {
    const { app } = harness;
    const { db } = app;
    const carla = await createLoggedInUser(app);
    const consultation = await createTestConsultation(app, carla.headers);
    for (const instant of ['2026-04-06T12:00:00Z', '2026-04-07T12:00:00Z', '2026-04-07T18:00:00Z']) {
      await db
        .update(consultations)
        .set({ updatedAt: at(instant) })
        .where(eq(consultations.id, consultation.id));
    }
    await db
      .update(sessions)
      .set({ lastUsedAt: at('2026-04-09T12:00:00Z') })
      .where(eq(sessions.userId, carla.user.id));
    const periods = await db.select().from(userActivePeriods).where(eq(userActivePeriods.userId, carla.user.id));
    expect(periods.map(({ unit, period }) => `${unit} ${period}`)).toEqual(
      expect.arrayContaining(['day 2026-04-06', 'day 2026-04-07', 'day 2026-04-09', 'week 2026-04-06']),
    );
    expect(periods.filter((row) => row.unit === 'week' && row.period === '2026-04-06')).toHaveLength(1);

    const before = await activeUserCounts();
    expect(before.kept).toEqual(before.recounted);
    await db.delete(users).where(eq(users.id, carla.user.id));
    const after = await activeUserCounts();
    expect(after.kept).toEqual(after.recounted);
    expect(after.kept.get('week 2026-04-06') ?? 0).toBe((before.kept.get('week 2026-04-06') ?? 0) - 1);
  });

  it('stay exact when many connections write at once', async () => {
    const { app } = harness;
    const dana = await createLoggedInUser(app);
    const { db } = app;
    await Promise.all(Array.from({ length: 30 }, () => createTestConsultation(app, dana.headers)));
    expect(await keptCounters(db)).toEqual(await recountedCounters(db));
  });
});
