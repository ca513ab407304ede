import { DOCUMENT_CODE_FAILURES_PER_HOUR, DOCUMENT_MAILS_PER_HOUR } from '@escriba/contract';
import { z } from 'zod';
import type { EnvOf } from './env-values';

// Per window: logins 15 minutes, account e-mails and sign-ups one hour. A clinic behind one NAT
// address shares the per-IP counts.
export const rateLimitVariables = {
  LOGIN_ATTEMPTS_PER_IP: z.coerce.number().int().min(1).default(50),
  LOGIN_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
  LOGIN_FAILURES_PER_ACCOUNT_ALL_ADDRESSES: z.coerce.number().int().min(1).default(100),
  ACCOUNT_MAILS_PER_IP: z.coerce.number().int().min(1).default(10),
  ACCOUNT_MAILS_PER_ACCOUNT: z.coerce.number().int().min(1).default(3),
  SIGN_UPS_PER_IP: z.coerce.number().int().min(1).default(20),
  CERTIFICATE_PASSWORD_FAILURES: z.coerce.number().int().min(1).default(10),
  DOCUMENT_CODE_FAILURES_PER_HOUR: z.coerce.number().int().min(1).default(DOCUMENT_CODE_FAILURES_PER_HOUR),
  DOCUMENT_MAILS_PER_HOUR: z.coerce.number().int().min(1).default(DOCUMENT_MAILS_PER_HOUR),
  // AI work per professional, so that one account cannot starve a clinic's shared providers. Recording sends a
  // 5 s chunk every 5 s (12 a minute): the chunk limit is for a flood, not for a consultation.
  GENERATIONS_PER_HOUR: z.coerce.number().int().min(1).default(60),
  EVIDENCE_FILES_PER_HOUR: z.coerce.number().int().min(1).default(120),
  AUDIO_CHUNKS_PER_MINUTE: z.coerce.number().int().min(1).default(120),
};

export interface RateLimitRule {
  points: number;
  durationSeconds: number;
}

export interface RateLimitsConfig {
  loginPerIp: RateLimitRule;
  /** Failed logins per account from one client address. */
  loginFailuresPerAccountAddress: RateLimitRule;
  /** Failed logins per account from all addresses together: bounds guessing from many addresses. */
  loginFailuresPerAccountAllAddresses: RateLimitRule;
  accountMailPerIp: RateLimitRule;
  accountMailPerAccount: RateLimitRule;
  signUpPerIp: RateLimitRule;
  /** Wrong A1 certificate passwords per professional when signing: a session alone cannot guess it. */
  certificatePasswordFailures: RateLimitRule;
  /** Wrong codes at an issued document's address, counted per document and per client address. */
  documentCodeFailures: RateLimitRule;
  /** E-mails of one issued document to its patient. */
  documentMails: RateLimitRule;
  /** Notes and documents started per professional (each a call to the language model). */
  generations: RateLimitRule;
  /** Evidence files uploaded per professional (each read, some by OCR). */
  evidenceFiles: RateLimitRule;
  /** Audio chunks accepted per professional (each transcribed). */
  audioChunks: RateLimitRule;
}

export function readRateLimits(env: EnvOf<typeof rateLimitVariables>): RateLimitsConfig {
  return {
    loginPerIp: { points: env.LOGIN_ATTEMPTS_PER_IP, durationSeconds: 15 * 60 },
    loginFailuresPerAccountAddress: { points: env.LOGIN_FAILURES_PER_ACCOUNT, durationSeconds: 15 * 60 },
    loginFailuresPerAccountAllAddresses: {
      points: env.LOGIN_FAILURES_PER_ACCOUNT_ALL_ADDRESSES,
      durationSeconds: 15 * 60,
    },
    accountMailPerIp: { points: env.ACCOUNT_MAILS_PER_IP, durationSeconds: 60 * 60 },
    accountMailPerAccount: { points: env.ACCOUNT_MAILS_PER_ACCOUNT, durationSeconds: 60 * 60 },
    signUpPerIp: { points: env.SIGN_UPS_PER_IP, durationSeconds: 60 * 60 },
    certificatePasswordFailures: { points: env.CERTIFICATE_PASSWORD_FAILURES, durationSeconds: 15 * 60 },
    documentCodeFailures: { points: env.DOCUMENT_CODE_FAILURES_PER_HOUR, durationSeconds: 60 * 60 },
    documentMails: { points: env.DOCUMENT_MAILS_PER_HOUR, durationSeconds: 60 * 60 },
    generations: { points: env.GENERATIONS_PER_HOUR, durationSeconds: 60 * 60 },
    evidenceFiles: { points: env.EVIDENCE_FILES_PER_HOUR, durationSeconds: 60 * 60 },
    audioChunks: { points: env.AUDIO_CHUNKS_PER_MINUTE, durationSeconds: 60 },
  };
}
