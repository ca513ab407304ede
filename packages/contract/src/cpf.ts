import { z } from 'zod';
import { onlyDigits } from './text';

function checkDigit(digits: string, length: number): number {
  let sum = 0;
  for (let i = 0; i < length; i++) sum += Number(digits[i]) * (length + 1 - i);
  const rest = (sum * 10) % 11;
  return rest === 10 ? 0 : rest;
}

/** A CPF is valid when it has 11 digits, not all equal, and both check digits match (Receita Federal rule). */
export function isValidCpf(value: string): boolean {
  const digits = onlyDigits(value);
  if (digits.length !== 11 || /^(\d)\1{10}$/.test(digits)) return false;
  return checkDigit(digits, 9) === Number(digits[9]) && checkDigit(digits, 10) === Number(digits[10]);
}

/** Accepts `123.456.789-09` or `12345678909`; the parsed value is the 11 digits. */
export const ZCpf = z
  .string()
  .max(20, 'CPF inválido')
  .regex(/^[\d.\-\s]+$/, 'CPF inválido')
  .refine(isValidCpf, 'CPF inválido')
  .transform(onlyDigits)
  .meta({ example: '529.982.247-25' });

/** A CPF's 11 digits as documents write them: `123.456.789-09`. */
export function formatCpf(digits: string): string {
  return digits.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4');
}
