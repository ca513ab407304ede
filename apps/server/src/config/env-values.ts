import { z } from 'zod';

/** A URL, or undefined when the variable is unset or blank. */
export const ZOptionalUrl = z
  .string()
  .optional()
  .transform((value) => value?.trim() || undefined)
  .pipe(z.url().optional());

/** A key or password, or undefined when the variable is unset or blank. */
export const ZOptionalSecret = z
  .string()
  .optional()
  .transform((value) => value?.trim() || undefined);

/** `true`/`1` or `false`/`0`. */
export const ZBoolean = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

/** The parsed values of a section's variables. */
export type EnvOf<Shape extends z.ZodRawShape> = z.output<z.ZodObject<Shape>>;

/** A check across variables, reported on the one to fix. */
export interface EnvRule<Env> {
  isValid(env: Env): boolean;
  message: string;
  variable: string;
}

export function trimSlash(url: string | undefined): string | undefined {
  return url?.replace(/\/+$/, '');
}
