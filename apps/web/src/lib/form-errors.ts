import { get, type FieldErrors, type FieldValues, type Path, type UseFormSetError } from 'react-hook-form';
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

/** The message of a (possibly nested) field's error, e.g. `address.cep`, for field groups shared between forms. */
export function readFieldError(errors: FieldErrors, path: string): string | undefined {
  const entry: unknown = get(errors, path);
  if (typeof entry !== 'object' || entry === null || !('message' in entry)) return undefined;
  return typeof entry.message === 'string' ? entry.message : undefined;
}
