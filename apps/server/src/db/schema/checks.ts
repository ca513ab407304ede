import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * The condition of a CHECK that a text column holds one of an enum's values (the contract's list,
 * so the database refuses what the code would not expect). Written out as literals: DDL takes no
 * parameters, and the values are the contract's constants.
 */
export function isOneOf(column: AnyPgColumn, values: readonly string[]): SQL {
  return sql`${column} in (${sql.raw(values.map((value) => `'${value.replaceAll("'", "''")}'`).join(', '))})`;
}
