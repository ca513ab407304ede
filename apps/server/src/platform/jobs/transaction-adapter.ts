import { sql, type SQLChunk } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/raw-rows';

const PLACEHOLDER = /\$(\d+)/;

/** pg-boss's `db` option over a drizzle transaction, so that a job is queued only if the transaction commits. */
export function transactionJobDatabase(tx: Database): PgBoss.Db {
  return {
    async executeSql(text, values = []) {
      // pg-boss writes `$n` placeholders; drizzle numbers its own parameters, in order of appearance.
      const parts = text.split(PLACEHOLDER);
      const chunks: SQLChunk[] = parts.map((part, index) =>
        // Unset options are undefined, which drizzle would leave out of the statement rather than bind as null.
        index % 2 === 0 ? sql.raw(part) : sql.param(values[Number(part) - 1] ?? null),
      );
      return { rows: rowsOf(await tx.execute(sql.join(chunks))) };
    },
  };
}
