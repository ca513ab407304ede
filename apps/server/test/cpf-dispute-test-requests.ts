import { expect } from 'vitest';
import type { MailMessage } from '../src/platform/mail/mailer';
import type { App } from '../src/platform/services';
import { postUser, signUpBody, SIGN_UP_ANSWER, uniqueIp } from './account-requests';
import { adminRequest } from './admin-test-requests';
import type { TestApp } from './test-app';

export const CLAIM_SUBJECT = /Seu CPF já tem uma conta/;

/** The code of the contest link in a claim mail (`...?cpf_claim=...`). */
export function claimCodeIn(message: MailMessage): string {
  const match = /[?&]cpf_claim=([^\s&]+)/.exec(message.text);
  if (!match?.[1]) throw new Error('No contest link in the message');
  return decodeURIComponent(match[1]);
}

/** Signs up with another account's CPF (answered as any sign-up) and reads the code mailed to the new e-mail. */
export async function signUpWithTakenCpf(t: TestApp, cpf: string) {
  const body = signUpBody({ cpf });
  const response = await postUser(t.app, body);
  expect(response.statusCode).toBe(202);
  expect(response.json()).toEqual(SIGN_UP_ANSWER);
  const mail = await t.mailbox.next(body.email, CLAIM_SUBJECT);
  return { body, mail, code: claimCodeIn(mail) };
}

/** Follows the contest link: the code, and the sign-up password again or a new one. */
export function openDispute(app: App, payload: Record<string, unknown>, ip = uniqueIp()) {
  return app.inject({ method: 'POST', url: '/api/v1/user/cpf-dispute', payload, remoteAddress: ip });
}

export function resolveDispute(
  app: App,
  headers: Record<string, string> | undefined,
  id: string,
  query: Record<string, string>,
) {
  return adminRequest(app, headers, 'POST', `/cpf-dispute/${id}/resolve`, query);
}
