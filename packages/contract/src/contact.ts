import { z } from 'zod';
import { onlyDigits } from './text';

/** E-mail addresses are compared case-insensitively, so they are stored lower-cased. */
export const ZEmail = z
  .string()
  .trim()
  .max(254, 'E-mail longo demais')
  .pipe(z.email('E-mail inválido'))
  .transform((email) => email.toLowerCase())
  .meta({ example: 'ana.souza@clinica.com.br' });

/** Brazilian phone with area code (10 or 11 digits), optionally prefixed by +55; stored as digits. */
export const ZPhone = z
  .string()
  .max(25, 'Telefone inválido')
  .regex(/^[\d()+\-.\s]+$/, 'Telefone inválido')
  .transform((value) => onlyDigits(value).replace(/^55(?=\d{10,11}$)/, ''))
  .refine((digits) => /^[1-9]{2}9?\d{8}$/.test(digits), 'Telefone inválido: use DDD e número')
  .meta({ example: '(11) 98765-4321' });

export const ZBrazilianState = z.enum([
  'AC',
  'AL',
  'AP',
  'AM',
  'BA',
  'CE',
  'DF',
  'ES',
  'GO',
  'MA',
  'MT',
  'MS',
  'MG',
  'PA',
  'PB',
  'PR',
  'PE',
  'PI',
  'RJ',
  'RN',
  'RS',
  'RO',
  'RR',
  'SC',
  'SP',
  'SE',
  'TO',
]);
export type TBrazilianState = z.infer<typeof ZBrazilianState>;

export const ZCep = z
  .string()
  .regex(/^\d{5}-?\d{3}$/, 'CEP inválido')
  .transform(onlyDigits)
  .meta({ example: '01310-100' });

/** A phone's digits as documents write them: `(11) 3456-7890`, `(11) 98765-4321`. */
export function formatPhone(digits: string): string {
  return digits.replace(/^(\d{2})(\d{4,5})(\d{4})$/, '($1) $2-$3');
}

/** A CEP's 8 digits as `01310-100`. */
export function formatCep(digits: string): string {
  return digits.replace(/^(\d{5})(\d{3})$/, '$1-$2');
}
