import type { Database } from './client';

/**
 * What `build` makes for a database (or a transaction), made once and kept: prepared statements, their values given
 * as `sql.placeholder`s when they run. Building a drizzle query costs the event loop more than running it, and most
 * of the garbage it collects on a busy path.
 */
export function perDatabase<Built>(build: (db: Database) => Built): (db: Database) => Built {
  const built = new WeakMap<Database, Built>();
  return (db) => {
    let value = built.get(db);
    if (!value) {
      value = build(db);
      built.set(db, value);
    }
    return value;
  };
}
