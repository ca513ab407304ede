import type { TErrorBody, TFieldError } from '@escriba/contract';
import { FetchError } from 'ofetch';

/** An API failure as a form shows it: a sentence, and messages for the named fields. */
export interface ApiErrorInfo {
  status: number | undefined;
  message: string;
  fieldErrors: Record<string, string>;
}

const OFFLINE = 'Não foi possível falar com o servidor. Verifique sua conexão e tente novamente.';
const SERVER = 'Algo deu errado do nosso lado. Tente novamente em instantes.';
const FIELDS = 'Verifique os campos destacados.';

/** Reads `{"detail": string | [{loc, msg}]}`; a field error belongs to the last element of its `loc`. */
export function readApiError(error: unknown): ApiErrorInfo {
  const status = error instanceof FetchError ? error.status : undefined;
  const info: ApiErrorInfo = {
    status,
    message: status === undefined ? OFFLINE : SERVER,
    fieldErrors: {},
  };
  const detail = readDetail(error instanceof FetchError ? error.data : undefined);
  if (detail === undefined) return info;
  if (typeof detail === 'string') return { ...info, message: status !== undefined && status >= 500 ? SERVER : detail };
  const unplaced: string[] = [];
  for (const item of detail) {
    const field = item.loc.length > 1 ? item.loc[item.loc.length - 1] : undefined;
    if (typeof field === 'string' && !(field in info.fieldErrors)) info.fieldErrors[field] = item.msg;
    else unplaced.push(item.msg);
  }
  return { ...info, message: unplaced.length > 0 ? unplaced.join(' ') : FIELDS };
}

// A structural check instead of the contract's zod schema keeps zod off the first page (bench/web-bundle-size.ts).
function readDetail(body: unknown): TErrorBody['detail'] | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const { detail } = body as Partial<TErrorBody>;
  if (typeof detail === 'string') return detail;
  if (Array.isArray(detail) && detail.every(isFieldError)) return detail;
  return undefined;
}

function isFieldError(item: unknown): item is TFieldError {
  if (typeof item !== 'object' || item === null) return false;
  const { loc, msg } = item as Partial<TFieldError>;
  return Array.isArray(loc) && typeof msg === 'string';
}

/** How long the server asked to wait before trying again (`Retry-After`: seconds or a date), if it said. */
export function readRetryAfterMs(error: unknown, now = Date.now()): number | undefined {
  const value = error instanceof FetchError ? error.response?.headers.get('retry-after')?.trim() : undefined;
  if (!value) return undefined;
  const ms = /^\d+$/.test(value) ? Number(value) * 1000 : Date.parse(value) - now;
  return Number.isNaN(ms) ? undefined : Math.max(0, ms);
}
