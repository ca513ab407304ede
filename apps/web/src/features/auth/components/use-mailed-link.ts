import type { UseMutationResult } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { readApiError, type ApiErrorInfo } from '../../../lib/api-error';
import type { LinkPasswords } from './link-password-step';

type MailedLinkMutation<Answer> = UseMutationResult<Answer, Error, { code: string } & LinkPasswords>;

export interface MailedLinkState {
  error: ApiErrorInfo | undefined;
  /** The last request carried a password: its error belongs beside the password step's fields. */
  hasSentPassword: boolean;
  /** The code is good and a password is wanted (README "Account rules"). */
  asksForPassword: boolean;
}

/**
 * A mailed link's code, sent alone once the page opens (the answer says whether the link is good before
 * any password is asked for), and what that answer asks of the page next.
 */
export function useMailedLink<Answer>(mutation: MailedLinkMutation<Answer>, code: string): MailedLinkState {
  const sentCode = useRef<string | null>(null);
  useEffect(() => {
    // A code works once: never send the same one twice (React runs effects twice in development).
    if (!code || sentCode.current === code) return;
    sentCode.current = code;
    mutation.mutate({ code });
  }, [code, mutation]);

  const error = mutation.isError ? readApiError(mutation.error) : undefined;
  const hasSentPassword = mutation.variables?.password !== undefined || mutation.variables?.new_password !== undefined;
  const asksForPassword = (hasSentPassword || error?.fieldErrors.password !== undefined) && !error?.fieldErrors.code;
  return { error, hasSentPassword, asksForPassword };
}
