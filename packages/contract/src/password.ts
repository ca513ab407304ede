import { z } from 'zod';
import { INVALID_CHARACTERS_MESSAGE, isStorableText } from './text';

export const PASSWORD_MIN_LENGTH = 8;
// Long passphrases are welcome; the cap only keeps hashing cost bounded.
export const PASSWORD_MAX_LENGTH = 512;

/**
 * A password as typed. It is compared after NFC normalisation, so the same password typed on
 * keyboards that compose accents differently still matches.
 */
export const ZPassword = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `A senha precisa de ao menos ${PASSWORD_MIN_LENGTH} caracteres`)
  .max(PASSWORD_MAX_LENGTH, `Use no máximo ${PASSWORD_MAX_LENGTH} caracteres`)
  .refine(isStorableText, INVALID_CHARACTERS_MESSAGE)
  .transform((value) => value.normalize('NFC'));
