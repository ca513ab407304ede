import { z } from 'zod';

// Control characters other than tab and newlines never belong in text a person typed.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

// What PostgreSQL cannot store as sent: NUL (text refuses it, 22021; jsonb too, 22P05) and a lone
// UTF-16 surrogate, which has no UTF-8 form (jsonb refuses it, 22P02; the driver would write U+FFFD
// into text instead). With the u flag a surrogate pair is one code point, so only lone ones match.
// eslint-disable-next-line no-control-regex -- matching NUL is the point
const UNSTORABLE = /\u0000|\p{Cs}/u;

export const INVALID_CHARACTERS_MESSAGE = 'Contém caracteres inválidos';

/** Whether PostgreSQL stores the string exactly as sent (no NUL, no lone surrogate). */
export function isStorableText(value: string): boolean {
  return !UNSTORABLE.test(value);
}

interface TextOptions {
  min?: number;
  max: number;
  /** The message when the text is missing or shorter than `min`. */
  required?: string;
  /** Surrounding spaces removed first. */
  trim?: boolean;
}

function lengthRule({ min = 1, max, required, trim = false }: TextOptions) {
  // trim() is a check in zod 4: the schema stays a string schema and the lengths count after it.
  return (trim ? z.string().trim() : z.string())
    .min(min, required ?? (min === 1 ? 'Campo obrigatório' : `Use ao menos ${min} caracteres`))
    .max(max, `Use no máximo ${max} caracteres`);
}

/**
 * A string that is not text a person reads (a token, a code, a password, an id): only what the
 * database cannot store is refused, without changing it.
 */
export function zString(options: TextOptions) {
  return lengthRule({ min: 0, ...options }).refine(isStorableText, INVALID_CHARACTERS_MESSAGE);
}

/**
 * Text as people type it, the rule of every free-text field: no control characters, nothing the
 * database cannot store, Unicode in NFC so equal text compares equal. Nothing is replaced: bad text is a 422.
 */
export function zText(options: TextOptions) {
  return lengthRule(options)
    .refine((value) => !CONTROL_CHARACTERS.test(value) && isStorableText(value), INVALID_CHARACTERS_MESSAGE)
    .refine((value) => value === value.normalize('NFC'), 'Texto com Unicode não normalizado (NFC)');
}

/** A single-line name or label, surrounding spaces removed. */
export function zLine(options: TextOptions) {
  return zText({ ...options, trim: true }).refine((value) => !/[\r\n]/.test(value), 'Use uma única linha');
}

export function onlyDigits(value: string): string {
  return value.replace(/\D/g, '');
}
