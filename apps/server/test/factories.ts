import type { TScope, TTokenResponse, TUserStatus } from '@escriba/contract';
import { randomBytes } from 'node:crypto';
import { users, type UserRow } from '../src/db/schema/index';
import { hashPassword } from '../src/platform/auth/passwords';
import type { App } from '../src/platform/services';

let sequence = 0;

/** A valid CPF never handed out before in this process. */
export function uniqueCpf(): string {
  const base = String((Date.now() % 1_000_000) * 1000 + (sequence++ % 1000))
    .padStart(9, '1')
    .slice(-9);
  const digits = base.split('').map(Number);
  for (const length of [9, 10]) {
    const sum = digits.slice(0, length).reduce((total, digit, index) => total + digit * (length + 1 - index), 0);
    const rest = (sum * 10) % 11;
    digits.push(rest === 10 ? 0 : rest);
  }
  return digits.join('');
}

export function uniqueEmail(label = 'profissional'): string {
  return `${label}.${randomBytes(5).toString('hex')}@clinica.test`;
}

export const TEST_PASSWORD = 'consulta segura 2026';
let testPasswordHash: Promise<string> | undefined;

export interface TestUser {
  user: UserRow;
  email: string;
  password: string;
}

/** An account stored directly, active unless said otherwise. */
export async function createTestUser(
  app: App,
  options: { status?: TUserStatus; scopes?: TScope[]; name?: string } = {},
): Promise<TestUser> {
  testPasswordHash ??= hashPassword(TEST_PASSWORD);
  const email = uniqueEmail();
  const [user] = await app.db
    .insert(users)
    .values({
      name: options.name ?? 'Dra. Helena Prado',
      email,
      cpf: uniqueCpf(),
      phone: '11987654321',
      passwordHash: await testPasswordHash,
      status: options.status ?? 'active',
      scopes: options.scopes ?? ['user'],
      emailVerifiedAt: options.status === 'pending_verification' ? null : new Date(),
    })
    .returning();
  return { user: user!, email, password: TEST_PASSWORD };
}

export async function logIn(app: App, email: string, password: string): Promise<TTokenResponse> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/token',
    payload: new URLSearchParams({ username: email, password }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  return response.json<TTokenResponse>();
}

/** A new active user with an open session: the usual start of a test. */
export async function createLoggedInUser(app: App, options: Parameters<typeof createTestUser>[1] = {}) {
  const testUser = await createTestUser(app, options);
  const session = await logIn(app, testUser.email, testUser.password);
  return { ...testUser, session, headers: { authorization: `Bearer ${session.access_token}` } };
}
