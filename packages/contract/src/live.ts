import { z } from 'zod';

/** Spec §3 "Live message": the kinds of message on the live channel. */
export const ZLiveMessageType = z.enum(['system', 'transcript', 'anamnesis', 'evidence', 'end']);
export type TLiveMessageType = z.infer<typeof ZLiveMessageType>;

export const ZLiveMessage = z
  .object({
    type: ZLiveMessageType,
    status_code: z.number().int().optional(),
    detail: z.string().optional(),
  })
  .loose();
export type TLiveMessage = z.infer<typeof ZLiveMessage>;
