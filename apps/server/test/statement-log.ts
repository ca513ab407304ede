import { AsyncLocalStorage } from 'node:async_hooks';
import pg from 'pg';

/** One statement a PostgreSQL client sent, and whether it opened a transaction of its own. */
export interface LoggedStatement {
  text: string;
  isTransactionStart: boolean;
}

const context = new AsyncLocalStorage<LoggedStatement[]>();
const openTransactions = new WeakSet<pg.Client>();
let isPatched = false;

/**
 * Records the statements every `pg` client (the app's pool and pg-boss's) sends on behalf of `work` and of
 * everything it sets off (after-commit effects, the jobs it wakes and what they queue), wherever they run.
 * A statement outside BEGIN…COMMIT is a transaction by itself, as PostgreSQL runs it.
 */
export async function logStatements(work: () => Promise<unknown>): Promise<LoggedStatement[]> {
  patchClientQuery();
  const log: LoggedStatement[] = [];
  await context.run(log, work);
  return log;
}

/** How many transactions the statements made. */
export function transactionCount(log: LoggedStatement[]): number {
  return log.filter((statement) => statement.isTransactionStart).length;
}

function patchClientQuery(): void {
  if (isPatched) return;
  isPatched = true;
  const { prototype } = pg.Client;
  const query = Reflect.get(prototype, 'query') as (this: pg.Client, ...args: unknown[]) => unknown;
  prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const text = (typeof args[0] === 'string' ? args[0] : (args[0] as { text: string }).text).trim();
    const keyword = /^\w+/.exec(text)?.[0]?.toLowerCase();
    const wasInTransaction = openTransactions.has(this);
    if (keyword === 'begin') openTransactions.add(this);
    if (keyword === 'commit' || keyword === 'rollback') openTransactions.delete(this);
    context.getStore()?.push({ text, isTransactionStart: !wasInTransaction });
    return query.apply(this, args);
  } as typeof prototype.query;
}
