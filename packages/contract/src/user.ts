import { z } from 'zod';
import { ZAddress, ZAddressView } from './address';
import { ZEmail, ZPhone } from './contact';
import { ZCpf } from './cpf';
import { ZPassword } from './password';
import { ZPractice, ZPracticeView } from './practice';
import { ZScope } from './scopes';
import { zLine, zString } from './text';
import { ZUserStatus } from './user-status';

export const ZPersonName = zLine({ min: 2, max: 120 });

/** A calendar date `YYYY-MM-DD` that exists. */
// `abort`: a date in the wrong format gets that one message, not also its range rule's.
export const ZIsoDate = z.iso.date({ error: 'Data inválida: use AAAA-MM-DD', abort: true });

// No date the app keeps or searches is older; PostgreSQL also refuses year 0, which the format allows.
const FIRST_DAY = '1900-01-01';

/** A birth date between 1900 and today. */
export const ZBirthDate = ZIsoDate.refine(
  (date) => date >= FIRST_DAY && date <= new Date().toISOString().slice(0, 10),
  {
    message: 'Data de nascimento fora do intervalo válido',
  },
);

/** A day to search from or to: from 1900 on, like birth dates; later days than today simply match nothing yet. */
export const ZSearchDay = ZIsoDate.refine((date) => date >= FIRST_DAY, {
  message: `Data fora do intervalo válido: use ${FIRST_DAY} ou depois`,
});

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
  /** The "Local de atendimento" printed on the professional's documents; null until given. */
  practice: ZPracticeView.nullable(),
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
    practice: ZPractice.nullable(),
  })
  .partial()
  .refine((body) => Object.keys(body).length > 0, 'Informe ao menos um campo');
export type TUpdateMeBody = z.input<typeof ZUpdateMeBody>;

/** POST /user/forgot-password?email=&cpf= (spec §7). */
export const ZForgotPasswordQuery = z.strictObject({ email: ZEmail, cpf: ZCpf });

/** GET /user/reset-password?code=: whether a reset link can still be used. */
export const ZResetCodeQuery = z.strictObject({ code: zString({ min: 1, max: 200 }) });

/** POST /user/reset-password?new_password=&code= (spec §7). */
export const ZResetPasswordQuery = z.strictObject({
  new_password: ZPassword,
  code: zString({ min: 1, max: 200 }),
});
