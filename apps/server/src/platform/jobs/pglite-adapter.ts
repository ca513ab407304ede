import type { PGlite } from '@electric-sql/pglite';
import type PgBoss from 'pg-boss';

/**
 * pg-boss's `db` option over PGlite: its migrations are parameterless multi-statement scripts, which
 * only `exec` runs; everything else goes through `query` with its parameters.
 */
export function pgliteJobDatabase(client: PGlite): PgBoss.Db {
  return {
    async executeSql(text, values) {
      if (values && values.length > 0) return client.query(text, values);
      const results = await client.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    },
  };
}
