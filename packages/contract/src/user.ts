import { z } from 'zod';
import { ZAddress, ZAddressView } from './address';
import { ZEmail, ZPhone } from './contact';
import { ZCpf } from './cpf';
import { ZPassword } from './password';
import { ZScope } from './scopes';
import { zLine } from './text';
import { ZUserStatus } from './user-status';

export const ZPersonName = zLine({ min: 2, max: 120 });

/** A calendar date `YYYY-MM-DD` that exists. */
export const ZIsoDate = z.iso.date('Data inválida: use AAAA-MM-DD');

/** A birth date between 1900 and today. */
export const ZBirthDate = ZIsoDate.refine(
  (date) => date >= '1900-01-01' && date <= new Date().toISOString().slice(0, 10),
  {
    message: 'Data de nascimento fora do intervalo válido',
  },
);

/** POST /user/: a professional signs up. */
export const ZCreateUserBody = z.strictObject({
  name: ZPersonName,
  email: ZEmail,
  cpf: ZCpf,
  phone: ZPhone,
  password: ZPassword,
});
export type TCreateUserBody = z.input<typeof ZCreateUserBody>;

export const ZUser = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  cpf: z.string().nullable(),
  phone: z.string().nullable(),
  birth_date: z.string().nullable(),
  address: ZAddressView.nullable(),
  status: ZUserStatus,
  scopes: z.array(ZScope),
  credits: z.number().int(),
  email_verified: z.boolean(),
  created_at: z.iso.datetime(),
});
export type TUser = z.infer<typeof ZUser>;

/** PATCH /user/me/: e-mail and CPF identify the account and are not changed here. */
export const ZUpdateMeBody = z
  .strictObject({
    name: ZPersonName,
    phone: ZPhone,
    birth_date: ZBirthDate.nullable(),
    address: ZAddress.nullable(),
  })
  .partial()
  .refine((body) => Object.keys(body).length > 0, 'Informe ao menos um campo');
export type TUpdateMeBody = z.input<typeof ZUpdateMeBody>;

/** POST /user/forgot-password?email=&cpf= (spec §7). */
export const ZForgotPasswordQuery = z.strictObject({ email: ZEmail, cpf: ZCpf });

/** POST /user/reset-password?new_password=&code= (spec §7). */
export const ZResetPasswordQuery = z.strictObject({
  new_password: ZPassword,
  code: z.string().min(1).max(200),
});
