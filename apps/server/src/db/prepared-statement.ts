import type { Database } from './client';

/**
 * A statement built once per database (or transaction) and kept, its values given as `sql.placeholder`s when it
 * runs: building a drizzle query costs the event loop more than running it, and most of the garbage it collects on
 * a busy path. For the statements every recorded chunk runs.
 */
export function preparedStatement<Statement>(build: (db: Database) => Statement): (db: Database) => Statement {
  const built = new WeakMap<Database, Statement>();
  return (db) => {
    let statement = built.get(db);
    if (!statement) {
      statement = build(db);
      built.set(db, statement);
    }
    return statement;
  };
}
