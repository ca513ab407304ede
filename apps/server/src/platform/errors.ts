import type { TFieldError } from '@escriba/contract';

export type ErrorCode =
  | 'bad_request'
  | 'unauthorized'
  | 'payment_required'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'gone'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'locked'
  | 'validation'
  | 'rate_limited'
  | 'unavailable';

const STATUS_BY_CODE: Record<ErrorCode, number> = {
  bad_request: 400,
  unauthorized: 401,
  payment_required: 402,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  gone: 410,
  payload_too_large: 413,
  unsupported_media_type: 415,
  validation: 422,
  locked: 423,
  rate_limited: 429,
  unavailable: 503,
};

/** An expected failure whose message is safe to show; answered as `{"detail": ...}`. */
export class AppError extends Error {
  readonly statusCode: number;
  readonly detail: string | TFieldError[];
  readonly headers: Record<string, string>;

  constructor(
    readonly code: ErrorCode,
    detail: string | TFieldError[],
    options: { headers?: Record<string, string> } = {},
  ) {
    super(typeof detail === 'string' ? detail : detail.map((field) => field.msg).join('; '));
    this.statusCode = STATUS_BY_CODE[code];
    this.detail = detail;
    this.headers = options.headers ?? {};
  }
}

/** A 422 naming one failing field, in the same shape as schema validation errors. */
export function fieldError(loc: (string | number)[], msg: string, type = 'value_error'): AppError {
  return new AppError('validation', [{ loc, msg, type }]);
}

/** 404 naming what was not found, agreeing with its gender ("Consulta não encontrada"). */
export const notFound = (what: string, gender: 'masculine' | 'feminine' = 'masculine') =>
  new AppError('not_found', `${what} não ${gender === 'feminine' ? 'encontrada' : 'encontrado'}`);
