import {
  ZErrorBody,
  ZIntrospectBody,
  ZIntrospectResponse,
  ZLoginBody,
  ZMessageResponse,
  ZRefreshResponse,
  ZResendVerificationBody,
  ZTokenResponse,
  ZVerifyAccountBody,
  ZVerifyAccountQuery,
  ZVerifyAccountResponse,
} from '@escriba/contract';
import { z } from 'zod';
import { recordAudit } from '../../platform/audit';
import { sessionOf } from '../../platform/auth/access';
import { AppError } from '../../platform/errors';
import { originOf } from '../../platform/http/request-origin';
import { BEARER_SECURITY } from '../../platform/http/route-options';
import type { App } from '../../platform/services';
import { checkVerificationCode, resendVerification, verifyAccount } from '../users/verify-account';
import { introspectToken } from './introspect-token';
import { logIn } from './log-in';

const tags = ['auth'];
const FORM = 'application/x-www-form-urlencoded';
const ALREADY_VERIFIED = 'Esta conta já está verificada. Você já pode entrar.';
const errors = { 401: ZErrorBody, 403: ZErrorBody, 422: ZErrorBody, 429: ZErrorBody };

export async function authRoutes(app: App): Promise<void> {
  app.post(
    '/token',
    {
      config: { access: 'public', consumes: [FORM] },
      schema: {
        tags,
        summary: 'Entra com e-mail e senha',
        description:
          'Corpo form-encoded (username = e-mail, password). Responde o token da sessão e o token do canal ao vivo. Senha errada ou e-mail desconhecido: 401, a mesma resposta. Com a senha certa: 403 se o e-mail não foi confirmado, 423 se a conta está suspensa.',
        consumes: [FORM],
        body: ZLoginBody,
        response: { 200: ZTokenResponse, ...errors, 423: ZErrorBody },
      },
    },
    (request) => logIn(app, request.body.username, request.body.password, originOf(request)),
  );

  app.post(
    '/token/refresh',
    {
      config: { access: 'user', acceptsRotatedToken: true },
      schema: {
        tags,
        summary: 'Troca o token por um novo',
        description:
          'O token anterior deixa de valer. Duas renovações simultâneas do mesmo token recebem o mesmo token novo.',
        security: BEARER_SECURITY,
        response: { 200: ZRefreshResponse, ...errors },
      },
    },
    async (request) => {
      const { session } = sessionOf(request);
      const rotated = await app.authenticator.store.rotate(session.id, request.bearerToken!);
      if (!rotated) throw new AppError('unauthorized', 'Sessão inválida ou expirada');
      await app.authenticator.invalidate({ sessionId: session.id });
      return { access_token: rotated.accessToken, expires_at: rotated.tokenExpiresAt.toISOString() };
    },
  );

  app.post(
    '/token/logout',
    {
      config: { access: 'user' },
      schema: { tags, summary: 'Encerra a sessão', security: BEARER_SECURITY, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      const { session, user } = sessionOf(request);
      await app.authenticator.store.revoke(session.id, 'logout');
      await recordAudit(app.db, {
        action: 'auth.logout',
        actorUserId: user.id,
        subjectUserId: user.id,
        ...originOf(request),
        details: { session_id: session.id },
      });
      await app.authenticator.invalidate({ sessionId: session.id });
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/token/introspect',
    {
      config: { access: 'public', consumes: [FORM, 'application/json'] },
      schema: {
        tags,
        summary: 'Inspeciona um token (RFC 7662)',
        consumes: [FORM, 'application/json'],
        body: ZIntrospectBody,
        response: { 200: ZIntrospectResponse, 422: ZErrorBody },
      },
    },
    (request) => introspectToken(app, request.body.token),
  );

  app.get(
    '/token/verify-account',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Confere um link de verificação antes de pedir a senha',
        description:
          'Não consome o código. 200 com `already_verified` quando a conta já está verificada ou o código ainda a ' +
          'verifica; 422 em `code` quando é desconhecido, já foi usado ou expirou.',
        querystring: ZVerifyAccountQuery,
        response: { 200: ZVerifyAccountResponse, 422: ZErrorBody },
      },
    },
    async (request) => {
      const outcome = await checkVerificationCode(app, request.query.code);
      return outcome === 'already_verified'
        ? { detail: ALREADY_VERIFIED, already_verified: true }
        : { detail: 'Link válido: digite a senha para ativar a conta.', already_verified: false };
    },
  );

  app.post(
    '/token/verify-account',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Confirma o e-mail com o código recebido',
        description:
          'O código chega no link do e-mail de verificação e só pode ser usado uma vez; a conta passa a ativa. ' +
          'Quem se cadastrou pode não ser o dono do e-mail, então a ativação pede uma senha: `password`, a ' +
          'escolhida no cadastro (422 se não for ela), ou `new_password`, que a substitui (a do cadastro deixa de ' +
          'valer). Sem nenhuma das duas, um código válido responde 422 do tipo `password_required` e continua ' +
          'valendo. Um código de conta já verificada responde 200 com `already_verified`.',
        body: ZVerifyAccountBody,
        response: { 200: ZVerifyAccountResponse, 422: ZErrorBody },
      },
    },
    async (request) => {
      const outcome = await verifyAccount(app, request.body.code, request.body, originOf(request));
      return outcome === 'already_verified'
        ? { detail: ALREADY_VERIFIED, already_verified: true }
        : { detail: 'E-mail confirmado. Você já pode entrar.', already_verified: false };
    },
  );

  app.post(
    '/token/verify-account/resend',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Reenvia o e-mail de verificação',
        description: 'A resposta é sempre a mesma, exista ou não uma conta aguardando verificação.',
        body: ZResendVerificationBody,
        response: { 202: ZMessageResponse, 422: ZErrorBody, 429: ZErrorBody },
      },
    },
    async (request, reply) => {
      await resendVerification(app, request.body.email, originOf(request));
      return reply.code(202).send({ detail: 'Se houver uma conta aguardando verificação, enviaremos um novo e-mail.' });
    },
  );
}
