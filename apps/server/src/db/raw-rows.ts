/** The rows of a raw `db.execute` result: drizzle types one per driver, and both drivers answer with `rows`. */
export function rowsOf<Row>(result: unknown): Row[] {
  return (result as { rows: Row[] }).rows;
}
