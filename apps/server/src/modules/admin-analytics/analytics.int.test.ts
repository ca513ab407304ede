import type { TAnalytics, TAnalyticsPoint } from '@escriba/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { anamnesisVersions, consultations, creditMovements, transcriptChunks, users } from '../../db/schema/index';
import { createTestConsultation } from '../../../test/clinical-factories';
import { createLoggedInUser } from '../../../test/factories';
import { useTestApp } from '../../../test/test-app';
import { testChunk, testGeneration } from '../../../test/analytics-test-support';

const harness = useTestApp();
let admin: Awaited<ReturnType<typeof createLoggedInUser>>;
let professional: Awaited<ReturnType<typeof createLoggedInUser>>;

// 02:30 UTC on 3 March is still 2 March in Brasília (UTC-3).
const LATE_ON_MARCH_2 = new Date('2026-03-03T02:30:00Z');
const MARCH_3 = new Date('2026-03-03T15:00:00Z');
const MARCH_10 = new Date('2026-03-10T12:00:00Z');

beforeAll(async () => {
  const { app } = harness;
  admin = await createLoggedInUser(app, { scopes: ['user', 'admin'] });
  professional = await createLoggedInUser(app);
  const userId = professional.user.id;
  await app.db.update(users).set({ createdAt: LATE_ON_MARCH_2 }).where(eq(users.id, userId));

  const made = [LATE_ON_MARCH_2, MARCH_3, MARCH_3, MARCH_10];
  const ids: string[] = [];
  for (const at of made) {
    const consultation = await createTestConsultation(app, professional.headers);
    await app.db
      .update(consultations)
      .set({ createdAt: at, updatedAt: at })
      .where(eq(consultations.id, consultation.id));
    ids.push(consultation.id);
  }
  await app.db
    .insert(transcriptChunks)
    .values([
      testChunk(ids[1]!, 0, 'done', 90, MARCH_3),
      testChunk(ids[1]!, 1, 'done', 30, MARCH_3),
      testChunk(ids[1]!, 2, 'failed', null, MARCH_3),
    ]);
  const [version] = await app.db
    .insert(anamnesisVersions)
    .values([
      testGeneration(ids[1]!, userId, 1, 'ready', MARCH_3),
      testGeneration(ids[1]!, userId, 2, 'failed', MARCH_10),
    ])
    .returning();
  await app.db.insert(creditMovements).values([
    { userId, kind: 'spend', amount: -1, anamnesisId: version!.id, createdAt: MARCH_3 },
    { userId, kind: 'spend', amount: -1, createdAt: MARCH_10 },
    { userId, kind: 'refund', amount: 1, createdAt: MARCH_10 },
    { userId, kind: 'bonus', amount: 50, createdAt: MARCH_10 },
  ]);
});

async function analytics(query: string, headers = admin.headers) {
  return harness.app.inject({ method: 'GET', url: `/api/v1/admin/analytics?${query}`, headers });
}

const point = (answer: TAnalytics, period: string): TAnalyticsPoint | undefined =>
  answer.points.find((each) => each.period === period);

describe('GET /admin/analytics', () => {
  it('counts each metric per Brasília day, with zeros for days without activity', async () => {
    const response = await analytics('from=2026-03-01&to=2026-03-10&interval=day');
    expect(response.statusCode).toBe(200);
    const answer = response.json<TAnalytics>();
    expect(answer.points.map((each) => each.period)).toHaveLength(10);
    expect(point(answer, '2026-03-01')).toMatchObject({ sign_ups: 0, consultations: 0, active_users: 0 });
    expect(point(answer, '2026-03-02')).toMatchObject({ sign_ups: 1, consultations: 1, active_users: 1 });
    expect(point(answer, '2026-03-03')).toMatchObject({
      consultations: 2,
      active_users: 1,
      transcribed_minutes: 2,
      generations: 1,
      credits_spent: 1,
      provider_failures: 1,
    });
    expect(point(answer, '2026-03-10')).toMatchObject({
      consultations: 1,
      generations: 1,
      credits_spent: 0,
      provider_failures: 1,
    });
  });

  it('groups by Monday-based weeks', async () => {
    const answer = (await analytics('from=2026-03-02&to=2026-03-15&interval=week')).json<TAnalytics>();
    expect(answer.points.map((each) => each.period)).toEqual(['2026-03-02', '2026-03-09']);
    expect(answer.points[0]).toMatchObject({ consultations: 3, sign_ups: 1, generations: 1, provider_failures: 1 });
    expect(answer.points[1]).toMatchObject({ consultations: 1, generations: 1, provider_failures: 1 });
  });

  it('refuses a range that ends before it starts or is too long, naming the parameter', async () => {
    const backwards = await analytics('from=2026-03-10&to=2026-03-01');
    expect(backwards.statusCode).toBe(422);
    expect(JSON.stringify(backwards.json())).toContain('"to"');
    const tooLong = await analytics('from=2024-01-01&to=2026-01-01&interval=day');
    expect(tooLong.statusCode).toBe(422);
    expect(JSON.stringify(tooLong.json())).toContain('"from"');
    expect((await analytics('from=2026-03-01&to=2026-03-02&interval=month')).statusCode).toBe(422);
  });

  it('is for administrators only', async () => {
    expect((await analytics('from=2026-03-01&to=2026-03-02', {} as typeof admin.headers)).statusCode).toBe(401);
    expect((await analytics('from=2026-03-01&to=2026-03-02', professional.headers)).statusCode).toBe(403);
  });
});
