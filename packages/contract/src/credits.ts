import { z } from 'zod';

/** grant: sign-up credits; bonus: given by an administrator; spend: a generation; refund: a failed one. */
export const ZCreditMovementKind = z.enum(['grant', 'bonus', 'spend', 'refund']);
export type TCreditMovementKind = z.infer<typeof ZCreditMovementKind>;

/** One line of the credits ledger; the balance is their sum. */
export const ZCreditMovement = z.object({
  id: z.uuid(),
  kind: ZCreditMovementKind,
  /** Positive for grants, bonuses and refunds; negative for spends. */
  amount: z.number().int(),
  reason: z.string().nullable(),
  /** The administrator who gave a bonus. */
  actor_id: z.uuid().nullable(),
  anamnesis_id: z.uuid().nullable(),
  /** The document whose generation this spend paid for, or this refund returned. */
  document_id: z.uuid().nullable(),
  created_at: z.iso.datetime(),
});
export type TCreditMovement = z.infer<typeof ZCreditMovement>;
