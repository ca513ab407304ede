import { z } from 'zod';

// Control characters other than tab and newlines never belong in text a person typed.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** Text as people type it: no control characters, Unicode in NFC so equal text compares equal. */
export function zText({ min = 1, max }: { min?: number; max: number }) {
  return z
    .string()
    .min(min, min === 1 ? 'Campo obrigatório' : `Use ao menos ${min} caracteres`)
    .max(max, `Use no máximo ${max} caracteres`)
    .refine((value) => !CONTROL_CHARACTERS.test(value), 'Contém caracteres inválidos')
    .refine((value) => value === value.normalize('NFC'), 'Texto com Unicode não normalizado (NFC)');
}

/** A single-line name or label, surrounding spaces removed. */
export function zLine({ min = 1, max }: { min?: number; max: number }) {
  return z
    .string()
    .trim()
    .pipe(zText({ min, max }))
    .refine((value) => !/[\r\n]/.test(value), 'Use uma única linha');
}

export function onlyDigits(value: string): string {
  return value.replace(/\D/g, '');
}
