import { z } from 'zod';
import { ZBrazilianState, ZCep } from './contact';
import { zLine } from './text';

export const ZAddress = z.strictObject({
  cep: ZCep,
  street: zLine({ max: 200 }),
  number: zLine({ max: 20 }),
  complement: zLine({ min: 0, max: 100 }).optional(),
  // Many small towns have one CEP and no bairro: the lookup answers none and there is nothing to type.
  district: zLine({ min: 0, max: 100 }),
  city: zLine({ max: 100 }),
  state: ZBrazilianState,
});
export type TAddress = z.infer<typeof ZAddress>;

export const ZAddressView = z.object({
  cep: z.string(),
  street: z.string(),
  number: z.string(),
  complement: z.string().optional(),
  district: z.string(),
  city: z.string(),
  state: z.string(),
});
