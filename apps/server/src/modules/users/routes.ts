import {
  ZCreateUserBody,
  ZErrorBody,
  ZForgotPasswordQuery,
  ZMessageResponse,
  ZPreferences,
  ZResetPasswordQuery,
  ZUpdateMeBody,
  ZUpdatePreferencesBody,
  ZUser,
} from '@escriba/contract';
import { sessionOf } from '../../platform/auth/access';
import { BEARER_SECURITY } from '../../platform/http/route-options';
import type { App } from '../../platform/services';
import { createUser } from './create-user';
import { requestPasswordReset, resetPassword } from './password-reset';
import { updateMe, updatePreferences } from './update-me';
import { preferencesOf, toUserView } from './user-view';

const tags = ['user'];
const errors = { 401: ZErrorBody, 409: ZErrorBody, 422: ZErrorBody, 429: ZErrorBody };

export async function userRoutes(app: App): Promise<void> {
  app.post(
    '/user/',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Cadastra um profissional',
        description: 'A conta começa aguardando verificação; um e-mail com um código de uso único é enviado.',
        body: ZCreateUserBody,
        response: { 201: ZUser, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(toUserView(await createUser(app, request.body, request))),
  );

  app.post(
    '/user/forgot-password',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Pede a redefinição de senha',
        description: 'A resposta é sempre a mesma, exista ou não a conta.',
        querystring: ZForgotPasswordQuery,
        response: { 202: ZMessageResponse, ...errors },
      },
    },
    async (request, reply) => {
      await requestPasswordReset(app, request.query.email, request.query.cpf, request);
      return reply.code(202).send({ detail: 'Se os dados conferirem, enviaremos um e-mail com as instruções.' });
    },
  );

  app.post(
    '/user/reset-password',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Define a nova senha com o código recebido',
        description: 'Encerra todas as sessões abertas da conta.',
        querystring: ZResetPasswordQuery,
        response: { 200: ZMessageResponse, ...errors },
      },
    },
    async (request) => {
      await resetPassword(app, request.query.code, request.query.new_password, request);
      return { detail: 'Senha redefinida. Entre com a nova senha.' };
    },
  );

  app.get(
    '/user/me/',
    {
      config: { access: 'user' },
      schema: { tags, summary: 'Meus dados', security: BEARER_SECURITY, response: { 200: ZUser, ...errors } },
    },
    (request) => toUserView(sessionOf(request).user),
  );

  app.patch(
    '/user/me/',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Altera meus dados',
        security: BEARER_SECURITY,
        body: ZUpdateMeBody,
        response: { 200: ZUser, ...errors },
      },
    },
    async (request) => toUserView(await updateMe(app, sessionOf(request).user, request.body, request)),
  );

  app.get(
    '/user/me/me/preferences/',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Minhas preferências',
        security: BEARER_SECURITY,
        response: { 200: ZPreferences, ...errors },
      },
    },
    (request) => preferencesOf(sessionOf(request).user),
  );

  app.patch(
    '/user/me/me/preferences/',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Altera minhas preferências',
        security: BEARER_SECURITY,
        body: ZUpdatePreferencesBody,
        response: { 200: ZPreferences, ...errors },
      },
    },
    async (request) => preferencesOf(await updatePreferences(app, sessionOf(request).user, request.body, request)),
  );
}
