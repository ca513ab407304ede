import { BRAZIL_TIME_ZONE, calendarDayIn, type TAnamnesisStatus } from '@escriba/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client';
import {
  analyticsDays,
  anamnesisVersions,
  consultations,
  creditMovements,
  transcriptChunks,
  users,
} from '../src/db/schema/index';

// Rows written straight to the tables, dated as each analytics test needs, and the counters
// the database keeps beside a recount of those rows.

export function testChunk(
  consultationId: string,
  seq: number,
  status: 'pending' | 'done' | 'failed',
  duration: number | null,
  at: Date,
): typeof transcriptChunks.$inferInsert {
  const transcribedAt = status === 'done' ? at : null;
  return { consultationId, seq, contentType: 'audio/wav', size: 1, status, duration, createdAt: at, transcribedAt };
}

export function testGeneration(
  consultationId: string,
  userId: string,
  version: number,
  status: TAnamnesisStatus,
  at: Date,
): typeof anamnesisVersions.$inferInsert {
  const template = { id: '00000000-0000-4000-8000-000000000001', name: 'SOAP' };
  return {
    consultationId,
    userId,
    version,
    kind: 'generation',
    status,
    templateId: template.id,
    templateFields: [],
    provenance: {
      template,
      persona: null,
      prompts: [],
      model: null,
      inputs: { transcript: null, evidence_ids: [], patient_id: template.id, user_context: false, condensed: false },
      style_preferences: null,
      reviews: [],
    },
    createdAt: at,
  };
}

type Counters = Record<
  'sign_ups' | 'consultations' | 'transcribed_ms' | 'generations' | 'credits_spent' | 'provider_failures',
  number
>;

const day = (instant: Date) => calendarDayIn(BRAZIL_TIME_ZONE, instant);

/** The counters per day as the triggers kept them, days of all zeros left out. */
export async function keptCounters(db: Database): Promise<Map<string, Counters>> {
  const rows = await db
    .select({
      day: analyticsDays.day,
      sign_ups: sql<number>`sum(${analyticsDays.signUps})::int`,
      consultations: sql<number>`sum(${analyticsDays.consultations})::int`,
      transcribed_ms: sql<number>`sum(${analyticsDays.transcribedMs})::int`,
      generations: sql<number>`sum(${analyticsDays.generations})::int`,
      credits_spent: sql<number>`sum(${analyticsDays.creditsSpent})::int`,
      provider_failures: sql<number>`sum(${analyticsDays.providerFailures})::int`,
    })
    .from(analyticsDays)
    .groupBy(analyticsDays.day);
  return new Map(
    rows
      .filter(({ day: _, ...counters }) => Object.values(counters).some((value) => value !== 0))
      .map(({ day: period, ...counters }) => [period, counters]),
  );
}

/** The same counters, recounted here from every row of the tables they summarise. */
export async function recountedCounters(db: Database): Promise<Map<string, Counters>> {
  const counted = new Map<string, Counters>();
  const add = (instant: Date, share: Partial<Counters>) => {
    const counters = counted.get(day(instant)) ?? {
      sign_ups: 0,
      consultations: 0,
      transcribed_ms: 0,
      generations: 0,
      credits_spent: 0,
      provider_failures: 0,
    };
    for (const [name, value] of Object.entries(share)) counters[name as keyof Counters] += value;
    counted.set(day(instant), counters);
  };
  for (const user of await db.select().from(users)) add(user.createdAt, { sign_ups: 1 });
  for (const consultation of await db.select().from(consultations)) add(consultation.createdAt, { consultations: 1 });
  for (const chunk of await db.select().from(transcriptChunks)) {
    if (chunk.status === 'done' && chunk.transcribedAt) {
      add(chunk.transcribedAt, { transcribed_ms: Math.round((chunk.duration ?? 0) * 1000) });
    }
    if (chunk.status === 'failed') add(chunk.createdAt, { provider_failures: 1 });
  }
  for (const version of await db.select().from(anamnesisVersions)) {
    add(version.createdAt, {
      generations: version.kind === 'edit' ? 0 : 1,
      provider_failures: version.status === 'failed' ? 1 : 0,
    });
  }
  for (const movement of await db.select().from(creditMovements)) {
    if (movement.kind === 'spend' || movement.kind === 'refund')
      add(movement.createdAt, { credits_spent: -movement.amount });
  }
  return counted;
}
