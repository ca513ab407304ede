import { z } from 'zod';
import type { EnvOf } from './env-values';

export const creditsVariables = {
  SIGNUP_CREDITS: z.coerce.number().int().min(0).default(10),
  GENERATION_CREDIT_COST: z.coerce.number().int().min(1).default(1),
  DOCUMENT_CREDIT_COST: z.coerce.number().int().min(1).default(1),
};

/** The credits ledger: what a new account starts with and what each generation (note, document) spends. */
export interface CreditsConfig {
  /** Granted once, when the account's e-mail is verified. */
  signUp: number;
  /** Spent by each generation (whole note or one field) when it is accepted. */
  generationCost: number;
  /** Spent by each document's generation (receita, atestado…) when it is accepted. */
  documentCost: number;
}

export function readCreditsConfig(env: EnvOf<typeof creditsVariables>): CreditsConfig {
  return {
    signUp: env.SIGNUP_CREDITS,
    generationCost: env.GENERATION_CREDIT_COST,
    documentCost: env.DOCUMENT_CREDIT_COST,
  };
}
