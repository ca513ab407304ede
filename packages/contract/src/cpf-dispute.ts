import { z } from 'zod';
import { ZVerifyAccountBody } from './auth';

/**
 * POST /user/cpf-dispute: the code mailed to a sign-up whose CPF another account holds, with the
 * password as on the verification page (`password` chosen at sign-up, or `new_password` replacing
 * it). Opens the dispute for the administrators; with the code alone a good link answers a 422 of
 * type `password_required`.
 */
export const ZOpenCpfDisputeBody = ZVerifyAccountBody;
export type TOpenCpfDisputeBody = z.input<typeof ZOpenCpfDisputeBody>;

export const ZOpenCpfDisputeResponse = z.object({ detail: z.string(), already_open: z.boolean() });
export type TOpenCpfDisputeResponse = z.infer<typeof ZOpenCpfDisputeResponse>;

/** `holder_keeps`: the dispute is closed. `claimant_gets`: the holder is suspended and the claimant's account made. */
export const ZCpfDisputeResolution = z.enum(['holder_keeps', 'claimant_gets'], {
  error: 'Use holder_keeps ou claimant_gets',
});
export type TCpfDisputeResolution = z.infer<typeof ZCpfDisputeResolution>;

/** POST /admin/cpf-dispute/{id}/resolve?resolution=. */
export const ZResolveCpfDisputeQuery = z.strictObject({ resolution: ZCpfDisputeResolution });
export type TResolveCpfDisputeQuery = z.input<typeof ZResolveCpfDisputeQuery>;

/**
 * An open dispute as the administration sees it: the account holding the CPF and who contests it
 * (with the name and phone typed at sign-up: her mailbox is confirmed, the rest is her word).
 */
export const ZCpfDispute = z.object({
  id: z.uuid(),
  cpf: z.string(),
  holder: z.object({ id: z.uuid(), name: z.string(), email: z.string() }),
  claimant: z.object({ name: z.string(), email: z.string(), phone: z.string() }),
  opened_at: z.iso.datetime(),
});
export type TCpfDispute = z.infer<typeof ZCpfDispute>;

export const ZResolvedCpfDispute = z.object({
  detail: z.string(),
  resolution: ZCpfDisputeResolution,
  /** The claimant's new account when the CPF went to her. */
  claimant_user_id: z.uuid().nullable(),
});
export type TResolvedCpfDispute = z.infer<typeof ZResolvedCpfDispute>;
