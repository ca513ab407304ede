/** The constraint a write broke when it was a unique violation (SQLSTATE 23505), else undefined. */
export function uniqueViolation(error: unknown): string | undefined {
  for (
    let current: unknown = error;
    current instanceof Error || isRecord(current);
    current = (current as { cause?: unknown }).cause
  ) {
    const candidate = current as { code?: unknown; constraint?: unknown };
    if (candidate.code === '23505') return typeof candidate.constraint === 'string' ? candidate.constraint : '';
    if (!('cause' in (current as object))) break;
  }
  return undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
