import { z } from 'zod';

/** The largest value of a PostgreSQL `integer` column. */
export const MAX_INT4 = 2_147_483_647;

const DECIMAL_DIGITS = /^\d+$/;
// Its message is for a value that is not digits; the range's checks keep their own messages.
const ZDecimal = z.number({ error: 'Use apenas algarismos de 0 a 9' });

/**
 * An integer read from a path or query string, in `range`: decimal digits only. `Number()` (and
 * so `z.coerce`) would also read `0x10`, `1e1`, ` 16` and `+16` as numbers.
 */
export function zDecimalInteger(range: z.ZodNumber) {
  return z.preprocess(
    (value) => (typeof value === 'string' && DECIMAL_DIGITS.test(value) ? Number(value) : value),
    ZDecimal.pipe(range.int()),
  );
}
