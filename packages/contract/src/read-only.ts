import { z } from 'zod';

/**
 * Keys a request body may not set: they are refused by name with a message that says why,
 * instead of the generic "field not allowed" of unknown keys.
 */
export function readOnlyFields<K extends string>(keys: readonly K[], message = 'Campo somente leitura') {
  return Object.fromEntries(keys.map((key) => [key, z.never({ error: message }).optional()])) as Record<
    K,
    z.ZodOptional<z.ZodNever>
  >;
}
