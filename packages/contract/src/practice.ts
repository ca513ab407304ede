import { z } from 'zod';
import { ZAddress, ZAddressView } from './address';
import { ZPhone } from './contact';
import { zLine } from './text';

/**
 * "Local de atendimento": where the professional sees patients. CFM Res. 2.299/2021 asks for its name,
 * address and phone on every prescription, certificate and report.
 */
export const ZPractice = z.strictObject({
  name: zLine({ max: 120 }),
  address: ZAddress,
  phone: ZPhone,
});
export type TPractice = z.infer<typeof ZPractice>;

export const ZPracticeView = z.object({ name: z.string(), address: ZAddressView, phone: z.string() });
export type TPracticeView = z.infer<typeof ZPracticeView>;
