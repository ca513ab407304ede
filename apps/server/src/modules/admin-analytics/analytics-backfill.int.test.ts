import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { keptCounters, recountedCounters, testChunk, testGeneration } from '../../../test/analytics-test-support';
import { insertEarlierConsultation, insertEarlierUser, useDatabaseBefore } from '../../../test/earlier-migrations';
import * as schema from '../../db/schema/index';

const openEarlier = useDatabaseBefore('_analytics_rollup');

// The migration is the same SQL on both databases; its triggers are tried on PostgreSQL by the other tests.
it.skipIf(process.env.TEST_DATABASE_URL)(
  'counts what a database held before its counters existed',
  async () => {
    const earlier = await openEarlier();
    const { db } = earlier;

    const signedUp = new Date('2025-11-03T12:00:00Z');
    const userId = await insertEarlierUser(db, { createdAt: signedUp });
    const [patient] = await db
      .insert(schema.patients)
      .values({ userId, name: 'Paciente', searchKey: 'paciente' })
      .returning();
    const consulted = new Date('2025-11-05T13:00:00Z');
    const consultationId = await insertEarlierConsultation(db, userId, patient!.id, {
      createdAt: consulted,
      updatedAt: new Date('2025-11-12T13:00:00Z'),
    });
    // Tables later migrations add columns to are written with the columns of the time, which the schema's insert
    // would not be.
    for (const chunk of [
      testChunk(consultationId, 0, 'done', 12.5, consulted),
      testChunk(consultationId, 1, 'failed', null, consulted),
    ]) {
      await db.execute(sql`insert into transcript_chunks
        (consultation_id, seq, content_type, size, status, duration, created_at, transcribed_at)
        values (${chunk.consultationId}, ${chunk.seq}, ${chunk.contentType}, ${chunk.size}, ${chunk.status},
          ${chunk.duration}, ${chunk.createdAt}, ${chunk.transcribedAt})`);
    }
    await db.insert(schema.anamnesisVersions).values(testGeneration(consultationId, userId, 1, 'ready', consulted));
    await db.execute(sql`insert into credit_movements (user_id, kind, amount, created_at)
      values (${userId}, 'spend', -1, ${consulted})`);

    await earlier.migrateRest();

    const counters = await keptCounters(db);
    expect(counters).toEqual(await recountedCounters(db));
    expect(counters.get('2025-11-05')).toEqual({
      sign_ups: 0,
      consultations: 1,
      transcribed_ms: 12_500,
      generations: 1,
      credits_spent: 1,
      provider_failures: 1,
    });
    const active = await db.select().from(schema.analyticsActiveUsers);
    expect(active.map(({ unit, period, activeUsers }) => `${unit} ${period} ${activeUsers}`).sort()).toEqual([
      'day 2025-11-05 1',
      'day 2025-11-12 1',
      'week 2025-11-03 1',
      'week 2025-11-10 1',
    ]);
    // Migrating an embedded database from nothing, twice, takes a while on a busy machine.
  },
  120_000,
);
