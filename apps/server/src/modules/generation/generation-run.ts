import { and, asc, eq, lt, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import type { JobName } from '../../platform/jobs/job-names';
import { hasNoLiveJob, SWEEP_BATCH } from '../../platform/jobs/orphaned-work';
import type { anamnesisVersions, documentVersions } from '../../db/schema/index';
import { llmUnconfiguredError } from '../../providers/llm/create-llm-provider';
import type { LlmProvider } from '../../providers/llm/llm-provider';
import type { App } from '../../platform/services';
import { inTransaction, type Tx } from '../../platform/transaction';
import type { GenerationPaid } from '../credits/credit-ledger';
import { lockConsultationRow } from '../consultations/get-consultation';
import { refundGeneration } from '../credits/refund-generation';
import { generationFailures, toGenerationFailure, type GenerationFailure } from './generation-failure';
import {
  publishGenerationEnd,
  publishGenerationFailed,
  publishGenerationPart,
  type GenerationAddress,
} from './generation-messages';
import { MessageChain } from './message-chain';

/** The tables whose rows are generations: written `generating` when accepted, then settled once. */
export type GenerationTable = typeof anamnesisVersions | typeof documentVersions;

/** A generation as the shared run needs it: its row's id, and whose and where it is. */
export interface GenerationRow {
  id: string;
  userId: string;
  consultationId: string;
}

/** One part of the result, complete, as its `anamnesis` message carries it. */
export type GenerationPart = Record<string, unknown> & { field_id: string };

/**
 * One kind of generation (a note version, a document): how the shared run reads, drafts, stores and announces it.
 * The run, its failure, the refund and the start-up recovery are the same for every kind.
 */
export interface GenerationKind<
  Row extends GenerationRow,
  Draft extends { providerFinishedAt: number },
  Table extends GenerationTable = GenerationTable,
> {
  /** For logs. */
  name: string;
  table: Table;
  /** The generation while it is still `generating`; undefined once settled (or deleted). */
  findGenerating(db: Database, id: string): Promise<Row | undefined>;
  /** Drafts the result, handing each part to `send` as soon as it is complete and valid. */
  draft(app: App, llm: LlmProvider, row: Row, send: (part: GenerationPart) => void): Promise<Draft>;
  /** What the row stores when it becomes ready. */
  readyValues(draft: Draft): PgUpdateSetSource<Table>;
  /** What else is stored with the ready row, in its transaction (never for a failed one). */
  storeWithReady?(tx: Tx, row: Row, draft: Draft): Promise<void>;
  /** What the spend paid for: the refund returns it. */
  paidFor(row: Row): GenerationPaid;
  /** How the refund reads in the professional's statement. */
  refundReason: string;
  address(row: Row): GenerationAddress;
  /** Its queue, and how its runs are queued again (by the consistency sweep). */
  queue: JobName;
  requeue(app: App, ids: string[]): Promise<void>;
}

/** What failing a generation and recovering it at start-up need of its kind. */
export type GenerationSettling<Row extends GenerationRow> = Pick<
  GenerationKind<Row, { providerFinishedAt: number }>,
  'name' | 'table' | 'findGenerating' | 'paidFor' | 'refundReason' | 'address' | 'queue' | 'requeue'
>;

/** Settles a generation once, while it is still `generating`: false when another run did (or it is gone). */
async function settle<Table extends GenerationTable>(
  db: Database,
  table: Table,
  id: string,
  values: PgUpdateSetSource<Table>,
): Promise<boolean> {
  const settled = await db
    .update(table)
    .set(values)
    .where(and(eq(table.id, id), eq(table.status, 'generating')))
    .returning({ id: table.id });
  return settled.length > 0;
}

/**
 * A generation's job. Delivery is at least once: only a generation still `generating` is worked on, and only the
 * run that moves it on (to `ready`, or to `failed` with its refund) stores and announces anything. Provider faults
 * fail it; anything else (the database went away) is thrown for the queue to retry.
 */
export async function runGeneration<
  Row extends GenerationRow,
  Draft extends { providerFinishedAt: number },
  Table extends GenerationTable,
>(app: App, kind: GenerationKind<Row, Draft, Table>, id: string): Promise<void> {
  const row = await kind.findGenerating(app.db, id);
  if (!row) return;
  const address = kind.address(row);
  const messages = new MessageChain();
  const { llm } = app.providers;
  try {
    if (!llm) throw llmUnconfiguredError();
    const draft = await kind.draft(app, llm, row, (part) =>
      messages.add(() => publishGenerationPart(app, address, part)),
    );
    // One conditional update: only the run that finds it still generating stores it, then announces `end` once
    // committed (a page reading it on `end` finds it) and after every part.
    const ready: PgUpdateSetSource<Table> = { ...kind.readyValues(draft), status: 'ready', finishedAt: new Date() };
    const isStored = await app.db.transaction(async (tx) => {
      // What is stored beside the row may lock the consultation: locked first, in the order deleting it takes them.
      if (kind.storeWithReady) await lockConsultationRow(tx, row.consultationId);
      if (!(await settle(tx, kind.table, row.id, ready))) return false;
      await kind.storeWithReady?.(tx, row, draft);
      return true;
    });
    if (!isStored) return;
    app.log.info(
      { generation_id: row.id, after_provider_ms: Number((performance.now() - draft.providerFinishedAt).toFixed(1)) },
      `${kind.name} stored`,
    );
    await messages.settled();
    await publishGenerationEnd(app, address);
  } catch (error) {
    const failure = toGenerationFailure(error);
    if (!failure) throw error;
    await failGeneration(app, kind, row, failure, messages);
  }
}

/** Fails a generation once: its reason stored, its credit returned, the professional told. */
export async function failGeneration<Row extends GenerationRow>(
  app: App,
  kind: GenerationSettling<Row>,
  row: Row,
  failure: GenerationFailure,
  messages?: MessageChain,
): Promise<void> {
  const isFailed = await inTransaction(app, async (tx: Tx, afterCommit) => {
    const failed = await settle(tx, kind.table, row.id, {
      status: 'failed',
      failure: failure.message,
      finishedAt: new Date(),
    });
    if (!failed) return false;
    await refundGeneration(app, tx, afterCommit, {
      paidFor: kind.paidFor(row),
      userId: row.userId,
      reason: kind.refundReason,
    });
    return true;
  });
  if (!isFailed) return;
  await messages?.settled();
  await publishGenerationFailed(app, kind.address(row), { statusCode: failure.statusCode, detail: failure.message });
}

/** The ids of a kind's generations still `generating` accepted before `before`. */
async function generatingIds(db: Database, table: GenerationTable, before: Date): Promise<string[]> {
  const rows = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.status, 'generating'), lt(table.createdAt, before)));
  return rows.map((row) => row.id);
}

/** The consistency sweep's part: generations still `generating` whose job gave up or was lost, a batch at a time. */
export async function queueOrphanedGenerations<Row extends GenerationRow>(
  app: App,
  kind: GenerationSettling<Row>,
): Promise<void> {
  const { table } = kind;
  const rows = await app.db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.status, 'generating'), hasNoLiveJob(kind.queue, sql`${table.id}::text`)))
    .orderBy(asc(table.createdAt))
    .limit(SWEEP_BATCH);
  await kind.requeue(
    app,
    rows.map((row) => row.id),
  );
}

/**
 * Generations still `generating` long after any run could have ended: the queue gave up retrying (the database was
 * down for long) or lost the job. They fail and are refunded, so the professional can generate again.
 */
export async function failStaleGenerations<Row extends GenerationRow>(
  app: App,
  kind: GenerationSettling<Row>,
  olderThanMs: number,
): Promise<void> {
  for (const id of await generatingIds(app.db, kind.table, new Date(Date.now() - olderThanMs))) {
    const row = await kind.findGenerating(app.db, id);
    if (row) await failGeneration(app, kind, row, generationFailures.unfinished());
  }
}
