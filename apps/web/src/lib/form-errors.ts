import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { readApiError } from './api-error';

/**
 * Puts each server validation message beside its field (spec: the last `loc` element names it)
 * and answers the sentence to show above the form.
 */
export function applyApiError<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): string {
  const info = readApiError(error);
  const unplaced: string[] = [];
  for (const [field, message] of Object.entries(info.fieldErrors)) {
    const known = fields.find((name) => name === field || name.endsWith(`.${field}`));
    if (known) setError(known, { type: 'server', message });
    else unplaced.push(message);
  }
  return unplaced.length > 0 ? unplaced.join(' ') : info.message;
}
