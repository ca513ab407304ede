import { FetchError } from 'ofetch';
import type { z } from 'zod';
import { readApiError } from '../../lib/api-error';
import { formErrorMap } from '../../lib/form-resolver';
import type { EditorField } from './editor-state';

const FIELD_PROPS = ['id', 'title', 'instructions', 'kind'] as const;
type FieldProp = (typeof FIELD_PROPS)[number];

/** Messages beside the editor's inputs: the template's own, the list's, and each field's by its key. */
export interface EditorErrors {
  name?: string;
  specialization?: string;
  /** About the list as a whole ("Inclua ao menos um campo"). */
  fields?: string;
  byField: Record<string, Partial<Record<FieldProp, string>>>;
}

export const noErrors = (): EditorErrors => ({ byField: {} });

export function hasErrors(errors: EditorErrors): boolean {
  const onFields = Object.values(errors.byField).some((messages) => Object.values(messages).some(Boolean));
  return Boolean(errors.name || errors.specialization || errors.fields || onFields);
}

const isFieldProp = (value: unknown): value is FieldProp => FIELD_PROPS.includes(value as FieldProp);

/**
 * Places one message by its path in the body (`['fields', 2, 'title']`); a field's own path (`['title']`, from
 * the admin's field routes) belongs to `targetKey`. Answers false when the path names nothing shown.
 */
function place(
  errors: EditorErrors,
  path: readonly unknown[],
  message: string,
  keys: string[],
  targetKey?: string,
): boolean {
  const [head, index, prop] = path;
  const setField = (key: string | undefined, name: FieldProp) => {
    if (!key) return false;
    const field = (errors.byField[key] ??= {});
    field[name] ??= message;
    return true;
  };
  if (head === 'name') return Boolean((errors.name ??= message));
  if (head === 'specialization_id') return Boolean((errors.specialization ??= message));
  if (head === 'fields' && path.length === 1) return Boolean((errors.fields ??= message));
  if (head === 'fields' && isFieldProp(prop)) return setField(keys[Number(index)], prop);
  if (isFieldProp(head) && path.length === 1) return setField(targetKey, head);
  return false;
}

/**
 * Checks the body with the contract's schema; every issue lands on the input it is about (`targetKey`: the field
 * a single field's body is).
 */
export function validateBody<Body>(
  schema: z.ZodType<Body>,
  body: unknown,
  fields: EditorField[],
  targetKey?: string,
): { body: Body; errors?: undefined } | { body?: undefined; errors: EditorErrors } {
  const result = schema.safeParse(body, { error: formErrorMap });
  if (result.success) return { body: result.data };
  const errors = noErrors();
  const keys = fields.map((field) => field.key);
  for (const issue of result.error.issues) {
    if (!place(errors, issue.path, issue.message, keys, targetKey)) errors.fields ??= issue.message;
  }
  return { errors };
}

/**
 * A server answer as the editor shows it: a 422's messages beside their inputs (`loc` is `[part, ...path]`,
 * with list indexes as numbers or strings), and a sentence for the rest.
 */
export function readEditorError(
  error: unknown,
  fields: EditorField[],
  targetKey?: string,
): { errors: EditorErrors; message?: string } {
  const info = readApiError(error);
  const detail = error instanceof FetchError ? (error.data as { detail?: unknown } | undefined)?.detail : undefined;
  if (!Array.isArray(detail)) return { errors: noErrors(), message: info.message };
  const errors = noErrors();
  const keys = fields.map((field) => field.key);
  const unplaced: string[] = [];
  for (const item of detail as { loc?: unknown; msg?: unknown }[]) {
    if (!Array.isArray(item.loc) || typeof item.msg !== 'string') continue;
    if (!place(errors, item.loc.slice(1), item.msg, keys, targetKey)) unplaced.push(item.msg);
  }
  // Placed messages are summed up by the editor while they last; only the rest needs a sentence of its own.
  return { errors, message: unplaced.length > 0 ? unplaced.join(' ') : hasErrors(errors) ? undefined : info.message };
}
