import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { TTokenResponse } from '@escriba/contract';
import { randomInt, randomUUID } from 'node:crypto';
import { readLinkCode } from './outbox';
import { APP_URL } from './ports';

export interface TestUser {
  name: string;
  email: string;
  cpf: string;
  phone: string;
  password: string;
}

function checkDigit(digits: number[]): number {
  const sum = digits.reduce((total, digit, index) => total + digit * (digits.length + 1 - index), 0);
  const rest = (sum * 10) % 11;
  return rest === 10 ? 0 : rest;
}

/** A valid CPF (check digits right), different on every call. */
export function createCpf(): string {
  const base = Array.from({ length: 9 }, () => randomInt(10));
  if (base.every((digit) => digit === base[0])) base[0] = (base[0] ?? 0) === 9 ? 8 : (base[0] ?? 0) + 1;
  const first = checkDigit(base);
  const second = checkDigit([...base, first]);
  return [...base, first, second].join('');
}

/** A unique professional, not yet stored anywhere. */
export function createTestUser(overrides: Partial<TestUser> = {}): TestUser {
  const id = randomUUID().slice(0, 8);
  return {
    name: `Ana Teste ${id}`,
    email: `ana.${id}@example.com`,
    cpf: createCpf(),
    phone: `119${String(randomInt(10_000_000, 99_999_999))}`,
    password: `senha-segura-${id}`,
    ...overrides,
  };
}

/**
 * Signs a user up through the API and verifies the account with the code from the outbox and the sign-up password;
 * `dataDir` is the server's data folder when it is not the shared one.
 */
export async function createVerifiedUser(
  request: APIRequestContext,
  overrides: Partial<TestUser> = {},
  dataDir?: string,
): Promise<TestUser> {
  const user = createTestUser(overrides);
  const created = await request.post('/api/v1/user/', { data: user });
  // Sign-up answers every well-formed request alike (202), so it tells nothing about who is registered.
  expect([201, 202], await created.text()).toContain(created.status());
  const code = await readLinkCode(user.email, '/account-verification', { dataDir });
  const verified = await request.post('/api/v1/token/verify-account', { data: { code, password: user.password } });
  expect(verified.status(), await verified.text()).toBe(200);
  return user;
}

/** Logs in through the log-in screen and waits for the first page: home, or the admin area for an administrator. */
export async function logInThroughUi(page: Page, user: TestUser): Promise<void> {
  await page.goto('/log-in');
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByLabel('Senha', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.waitForURL((url) => url.pathname !== '/log-in');
  if (new URL(page.url()).pathname === '/') {
    await expect(page.getByRole('heading', { level: 1 })).toContainText(user.name.split(' ')[0] ?? '');
  }
  // The home page's own requests must be done: a test that revokes the session next expects the
  // 401 from its own action, not from a list request still in flight.
  await page.waitForLoadState('networkidle');
}

/**
 * Logs a professional in as the log-in page does, without its screen: POST /token, the answer kept in the `session`
 * and `user` cookies (apps/web/src/lib/session-store.ts), then home. For tests about what comes after; the log-in
 * screen itself is clicked through by logInThroughUi. `appUrl`: the server the page's context is on.
 */
export async function logInThroughApi(page: Page, user: TestUser, appUrl = APP_URL): Promise<void> {
  const response = await page.request.post('/api/v1/token', {
    form: { username: user.email, password: user.password },
  });
  expect(response.status(), await response.text()).toBe(200);
  const token = (await response.json()) as TTokenResponse;
  const session = {
    sessionToken: token.access_token,
    expiresAt: token.expires_at,
    session: token.session_id,
    streamToken: token.stream_token,
  };
  const cookie = (name: string, value: object) => ({
    name,
    value: encodeURIComponent(JSON.stringify(value)),
    url: appUrl,
    secure: true,
    sameSite: 'Strict' as const,
  });
  await page.context().addCookies([cookie('session', session), cookie('user', token.user)]);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(user.name.split(' ')[0] ?? '');
}

/** The bearer token the page holds, read from its `session` cookie. */
export async function readSessionToken(page: Page): Promise<string> {
  const cookie = (await page.context().cookies()).find((item) => item.name === 'session');
  if (!cookie) throw new Error('The page has no session cookie');
  return (JSON.parse(decodeURIComponent(cookie.value)) as { sessionToken: string }).sessionToken;
}
