import type { TCreateUserBody, TFieldError } from '@escriba/contract';
import { desc, eq, or } from 'drizzle-orm';
import type { LightMyRequestResponse as Response } from 'fastify';
import { auditEvents, users } from '../src/db/schema/index';
import type { App } from '../src/platform/services';
import { uniqueCpf, uniqueEmail } from './factories';

let ipSequence = 0;

/**
 * A client address never used before in this process: requests made with it start with fresh
 * per-IP rate-limit counters, and audit rows can be matched to the request that wrote them.
 */
export function uniqueIp(): string {
  ipSequence += 1;
  return `10.${(ipSequence >> 16) & 255}.${(ipSequence >> 8) & 255}.${ipSequence & 255}`;
}

export const SIGN_UP_PASSWORD = 'prontuário bem guardado';

export function signUpBody(overrides: Partial<TCreateUserBody> = {}): TCreateUserBody {
  return {
    name: 'Dra. Marina Teixeira',
    email: uniqueEmail('cadastro'),
    cpf: uniqueCpf(),
    phone: '(11) 98765-4321',
    password: SIGN_UP_PASSWORD,
    ...overrides,
  };
}

/** `52998224725` as people write it: `529.982.247-25`. */
export { formatCpf } from '@escriba/contract';

export function postUser(app: App, payload: unknown, ip = uniqueIp(), userAgent = 'vitest'): Promise<Response> {
  return app.inject({
    method: 'POST',
    url: '/api/v1/user/',
    payload: JSON.stringify(payload),
    headers: { 'content-type': 'application/json', 'user-agent': userAgent },
    remoteAddress: ip,
  });
}

/**
 * Follows a verification link: with `{ password }` typed again as chosen at sign-up, with
 * `{ new_password }` replacing it, or with the code alone (as the page's first request).
 */
export function verifyAccount(
  app: App,
  code: string,
  passwords: { password?: string; new_password?: string } = {},
): Promise<Response> {
  return app.inject({
    method: 'POST',
    url: '/api/v1/token/verify-account',
    payload: { code, ...passwords },
    remoteAddress: uniqueIp(),
  });
}

/** The sign-up password of `signUpBody`, as the verification page sends it. */
export const WITH_SIGN_UP_PASSWORD = { password: SIGN_UP_PASSWORD };

/** The one answer every well-formed sign-up gets, whoever holds its e-mail or CPF. */
export const SIGN_UP_ANSWER = {
  detail: 'Enviamos um e-mail para confirmar o cadastro. Abra o link recebido para ativar a conta.',
};

/** The stored accounts with this e-mail (none or one). */
export function storedUsersWithEmail(app: App, email: string) {
  return app.db.select().from(users).where(eq(users.email, email.trim().toLowerCase()));
}

export function resendVerification(app: App, email: string, ip = uniqueIp()): Promise<Response> {
  return app.inject({
    method: 'POST',
    url: '/api/v1/token/verify-account/resend',
    payload: { email },
    remoteAddress: ip,
  });
}

export function forgotPassword(app: App, query: Record<string, string>, ip = uniqueIp()): Promise<Response> {
  return app.inject({ method: 'POST', url: '/api/v1/user/forgot-password', query, remoteAddress: ip });
}

export function resetPassword(app: App, query: Record<string, string>, ip = uniqueIp()): Promise<Response> {
  return app.inject({ method: 'POST', url: '/api/v1/user/reset-password', query, remoteAddress: ip });
}

export function postToken(app: App, username: string, password: string): Promise<Response> {
  return app.inject({
    method: 'POST',
    url: '/api/v1/token',
    payload: new URLSearchParams({ username, password }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    remoteAddress: uniqueIp(),
  });
}

/** Ends the session of `headers` and checks that it ended. */
export async function logOut(app: App, headers: Record<string, string>): Promise<void> {
  const response = await app.inject({ method: 'POST', url: '/api/v1/token/logout', headers });
  if (response.statusCode !== 204) throw new Error(`logout failed: ${response.statusCode} ${response.body}`);
}

/** The field errors of a 422 answer. */
export function fieldErrors(response: Response): TFieldError[] {
  const detail = response.json<{ detail: unknown }>().detail;
  if (!Array.isArray(detail)) throw new Error(`expected field errors, got ${response.statusCode} ${response.body}`);
  return detail as TFieldError[];
}

/** Where the field errors of a 422 answer point: `[["body", "cpf"], ...]`. */
export function errorLocs(response: Response): (string | number)[][] {
  return fieldErrors(response).map((error) => error.loc);
}

/** The audit rows about a user (as actor or subject), newest first. */
export function auditRowsOf(app: App, userId: string) {
  return app.db
    .select()
    .from(auditEvents)
    .where(or(eq(auditEvents.subjectUserId, userId), eq(auditEvents.actorUserId, userId)))
    .orderBy(desc(auditEvents.id));
}
