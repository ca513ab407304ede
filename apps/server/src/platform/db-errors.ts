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

// 22021: a NUL byte (or bytes invalid in UTF-8) in text; 22P05: \u0000 in jsonb; 22P02: text a type cannot
// read (a lone surrogate escaped in jsonb, a malformed uuid).
const INVALID_TEXT_CODES = new Set(['22021', '22P05', '22P02']);

/**
 * Whether a write failed because of text the database cannot store or read, which only input
 * the contract missed can cause: a client error, never a 500.
 */
export function isInvalidTextInput(error: unknown): boolean {
  for (let current: unknown = error; isRecord(current); current = current.cause) {
    if (typeof current.code === 'string' && INVALID_TEXT_CODES.has(current.code)) return true;
  }
  return false;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

// Node's socket errors, and pg's own when a connection ends under a query.
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND']);
const UNREACHABLE_MESSAGES = [/^Connection terminated/, /timeout exceeded when trying to connect/, /not queryable/];

/**
 * Whether a failure is the database being unreachable (down, restarting, network cut) rather
 * than the query: SQLSTATE class 08 (connection exception), 57P01-57P03 (shut down, cannot
 * connect now), or the socket failing.
 */
export function isDatabaseUnreachable(error: unknown): boolean {
  for (let current: unknown = error; isRecord(current); current = current.cause) {
    const code = typeof current.code === 'string' ? current.code : '';
    const message = typeof current.message === 'string' ? current.message : '';
    if (code.startsWith('08') || /^57P0[123]$/.test(code) || UNREACHABLE_CODES.has(code)) return true;
    if (UNREACHABLE_MESSAGES.some((pattern) => pattern.test(message))) return true;
  }
  return false;
}
