import { z } from 'zod';

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
  .refine((value) => !value.includes('\u0000'), 'Contém caracteres inválidos')
  .transform((value) => value.normalize('NFC'));
