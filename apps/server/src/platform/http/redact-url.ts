import { PATIENT_SORTS, ZConsultationStatus } from '@escriba/contract';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SMALL_NUMBER = /^\d{1,6}$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const oneOf = (values: readonly string[]) => new RegExp(`^(${values.join('|')})$`);

// Query parameters whose values are never personal data, each logged only when its value has the
// shape it should: a CPF or a name sent as `page` or `status` is hidden like every other value. A
// parameter not listed here (`email`, `cpf`, `q`, which finds patients by name or CPF, and any new
// one) is hidden before anyone thinks of it.
const LOGGABLE_QUERY_VALUES: Record<string, RegExp> = {
  page: SMALL_NUMBER,
  page_size: SMALL_NUMBER,
  limit: SMALL_NUMBER,
  seq: SMALL_NUMBER,
  specialization: SMALL_NUMBER,
  sort: oneOf(PATIENT_SORTS),
  archived: oneOf(['false', 'true', 'all']),
  status: oneOf(ZConsultationStatus.options),
  from: DAY,
  to: DAY,
  patient_id: UUID,
};
// Lower-case words like the app's own path segments (`api`, `v1`, `forgot-password`).
const PATH_WORD = /^[a-z][a-z0-9-]*$/;
const REDACTED = '[redacted]';

/**
 * The URL as it may appear in logs. The path is the matched route's pattern (`/patients/:id`), so
 * no path parameter is written out; a path no route matched keeps only its word-like segments.
 * Query values are kept only as LOGGABLE_QUERY_VALUES allows.
 */
export function redactUrl(url: string, routePattern?: string): string {
  const [pathname = '', query] = splitOnce(url, '?');
  const safePath = routePattern ?? pathname.split('/').map(redactPathSegment).join('/');
  if (query === undefined) return safePath;
  const safeQuery = query
    .split('&')
    .map((pair) => {
      const [rawName = '', rawValue = ''] = splitOnce(pair, '=');
      const shape = LOGGABLE_QUERY_VALUES[safeDecode(rawName).toLowerCase()];
      return shape?.test(safeDecode(rawValue)) ? pair : `${redactName(rawName)}=${REDACTED}`;
    })
    .join('&');
  return `${safePath}?${safeQuery}`;
}

function redactPathSegment(segment: string): string {
  return segment === '' || PATH_WORD.test(segment) || UUID.test(segment) ? segment : REDACTED;
}

// A parameter's name is written out only when it reads like one: a name can be personal data too.
function redactName(rawName: string): string {
  return /^[a-z_][a-z0-9_]{0,30}$/i.test(safeDecode(rawName)) ? rawName : REDACTED;
}

function splitOnce(value: string, separator: string): [string, string | undefined] {
  const index = value.indexOf(separator);
  return index === -1 ? [value, undefined] : [value.slice(0, index), value.slice(index + 1)];
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value.replace(/\+/g, ' '));
  } catch {
    return value;
  }
}
