import { z } from 'zod';
import { ZEmail } from './contact';
import { ZPassword } from './password';
import { ZScope } from './scopes';
import { zString, zText } from './text';

/** POST /token: form-encoded, as OAuth2's password grant (spec §3 "Login payload"). */
export const ZLoginBody = z.strictObject({
  username: zText({ max: 254 }),
  password: zString({ min: 1, max: 1024, required: 'Informe a senha' }),
  grant_type: z.literal('password').optional(),
  scope: zString({ max: 200 }).optional(),
});
export type TLoginBody = z.infer<typeof ZLoginBody>;

export const ZSessionUser = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  scopes: z.array(ZScope),
});
export type TSessionUser = z.infer<typeof ZSessionUser>;

export const ZTokenResponse = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  expires_at: z.iso.datetime(),
  session_id: z.uuid(),
  stream_token: z.string(),
  user: ZSessionUser,
});
export type TTokenResponse = z.infer<typeof ZTokenResponse>;

/** Spec §3 "Token refresh response". */
export const ZRefreshResponse = z.object({
  access_token: z.string(),
  expires_at: z.iso.datetime(),
});
export type TRefreshResponse = z.infer<typeof ZRefreshResponse>;

/** RFC 7662 introspection request: the token to inspect, form-encoded or JSON. */
export const ZIntrospectBody = z.strictObject({
  token: zString({ min: 1, max: 200 }),
  token_type_hint: zString({ max: 50 }).optional(),
});

/** RFC 7662 §2.2; an inactive token answers `{ "active": false }` only. */
export const ZIntrospectResponse = z.object({
  active: z.boolean(),
  sub: z.string().optional(),
  exp: z.number().int().optional(),
  iat: z.number().int().optional(),
  scope: z.string().optional(),
  token_type: z.string().optional(),
  username: z.string().optional(),
  sid: z.string().optional(),
});
export type TIntrospectResponse = z.infer<typeof ZIntrospectResponse>;

/**
 * POST /token/verify-account: the single-use code from the verification e-mail and the password
 * typed on the verification page (README "Account rules"). `password` is the one chosen at sign-up;
 * `new_password` replaces it, so a sign-up made by someone else with this e-mail keeps no password.
 * With neither, a usable code gets a 422 of type `password_required` on `password`.
 */
export const ZVerifyAccountBody = z
  .strictObject({
    code: zString({ min: 1, max: 200 }),
    password: zString({ min: 1, max: 1024, required: 'Informe a senha escolhida no cadastro' })
      .transform((value) => value.normalize('NFC'))
      .optional(),
    new_password: ZPassword.optional(),
  })
  .refine((body) => body.password === undefined || body.new_password === undefined, {
    message: 'Envie a senha do cadastro ou uma nova senha, não as duas',
    path: ['new_password'],
  });
export type TVerifyAccountBody = z.input<typeof ZVerifyAccountBody>;

/** GET /token/verify-account?code=: is the verification link good, before a password is asked for. */
export const ZVerifyAccountQuery = z.strictObject({ code: zString({ min: 1, max: 200 }) });
export type TVerifyAccountQuery = z.infer<typeof ZVerifyAccountQuery>;

export const ZVerifyAccountResponse = z.object({ detail: z.string(), already_verified: z.boolean() });
export type TVerifyAccountResponse = z.infer<typeof ZVerifyAccountResponse>;

/** POST /token/verify-account/resend. */
export const ZResendVerificationBody = z.strictObject({ email: ZEmail });

export const ZMessageResponse = z.object({ detail: z.string() });
export type TMessageResponse = z.infer<typeof ZMessageResponse>;
