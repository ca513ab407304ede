import { RESERVED_TEMPLATE_FIELD_ID } from '@escriba/contract';

const MAX_ID_LENGTH = 60;
const FALLBACK_ID = 'campo';

/** A field id from its title: "Queixa principal (QP)" → "queixa_principal_qp" (lowercase, no accents, `_`). */
export function slugFromTitle(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, MAX_ID_LENGTH)
    .replace(/_+$/, '');
}

/**
 * `base`, or `base_2`, `base_3`… when another field has it; "order" counts as taken (it names the admin's
 * reorder route).
 */
export function uniqueFieldId(base: string, takenIds: Iterable<string>): string {
  const taken = new Set([...takenIds, RESERVED_TEMPLATE_FIELD_ID]);
  const start = base || FALLBACK_ID;
  if (!taken.has(start)) return start;
  for (let suffix = 2; ; suffix += 1) {
    const tail = `_${suffix}`;
    const candidate = `${start.slice(0, MAX_ID_LENGTH - tail.length)}${tail}`;
    if (!taken.has(candidate)) return candidate;
  }
}
