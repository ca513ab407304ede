import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/session';

/** Always answers 202, whether or not the address has an account waiting. */
export function resendVerification(email: string): Promise<void> {
  return api('/token/verify-account/resend', { method: 'POST', body: { email } });
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
