import {
  ZCreateUserBody,
  ZErrorBody,
  ZForgotPasswordQuery,
  ZMessageResponse,
  ZPreferences,
  ZResetCodeQuery,
  ZResetPasswordQuery,
  ZUpdateMeBody,
  ZUpdatePreferencesBody,
  ZUser,
} from '@escriba/contract';
import type { UserRow } from '../../db/schema/index';
import { sessionOf } from '../../platform/auth/access';
import { originOf } from '../../platform/http/request-origin';
import { BEARER_SECURITY } from '../../platform/http/route-options';
import { jsonSerializer, sendJson } from '../../platform/http/serializer';
import type { App } from '../../platform/services';
import { createUser } from './create-user';
import { assertResetCodeUsable, requestPasswordReset, resetPassword } from './password-reset';
import { updateMe, updatePreferences } from './update-me';
import { preferencesOf, toUserView } from './user-view';

const tags = ['user'];
const errors = { 401: ZErrorBody, 409: ZErrorBody, 422: ZErrorBody, 429: ZErrorBody };
const writeUser = jsonSerializer(ZUser);

export async function userRoutes(app: App): Promise<void> {
  // GET /user/me/'s answer for each user row the Authenticator has cached, written once: the web app asks for it
  // more than for anything else (issue 17 §7). A change to the account replaces the cached row, never edits it
  // (Authenticator.invalidate), so a row's answer holds for as long as the row is used.
  const meAnswers = new WeakMap<UserRow, string>();

  app.post(
    '/user/',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Cadastra um profissional',
        description:
          'Todo cadastro bem formado recebe a mesma resposta 202, esteja o e-mail ou o CPF livre ou não: quem se ' +
          'cadastra recebe o e-mail de verificação; a conta que já tem esse e-mail ou CPF recebe um aviso da ' +
          'tentativa. Um cadastro ainda não verificado não reserva o e-mail nem o CPF: um novo cadastro o ' +
          'substitui, e ele expira em UNVERIFIED_ACCOUNT_HOURS.',
        body: ZCreateUserBody,
        response: { 202: ZMessageResponse, 422: ZErrorBody, 429: ZErrorBody },
      },
    },
    async (request, reply) => {
      await createUser(app, request.body, originOf(request));
      return reply.code(202).send({
        detail: 'Enviamos um e-mail para confirmar o cadastro. Abra o link recebido para ativar a conta.',
      });
    },
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
      await requestPasswordReset(app, request.query.email, request.query.cpf, originOf(request));
      return reply.code(202).send({ detail: 'Se os dados conferirem, enviaremos um e-mail com as instruções.' });
    },
  );

  app.get(
    '/user/reset-password',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Confere se um link de redefinição ainda vale',
        description: 'Responde 422 dizendo se o código é desconhecido, já foi usado ou expirou; não o consome.',
        querystring: ZResetCodeQuery,
        response: { 200: ZMessageResponse, 422: ZErrorBody },
      },
    },
    async (request) => {
      await assertResetCodeUsable(app, request.query.code);
      return { detail: 'Link válido.' };
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
      await resetPassword(app, request.query.code, request.query.new_password, originOf(request));
      return { detail: 'Senha redefinida. Entre com a nova senha.' };
    },
  );

  app.get(
    '/user/me/',
    {
      // One person's record, a few hundred bytes: compressing it saves nothing, and its hooks ran on
      // each of the web app's most frequent requests (issue 17 §7).
      compress: false,
      config: { access: 'user' },
      schema: { tags, summary: 'Meus dados', security: BEARER_SECURITY, response: { 200: ZUser, ...errors } },
    },
    (request, reply) => {
      const user = sessionOf(request).user;
      let answer = meAnswers.get(user);
      if (answer === undefined) {
        answer = writeUser(toUserView(user));
        meAnswers.set(user, answer);
      }
      sendJson(reply, answer);
    },
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
    async (request) => toUserView(await updateMe(app, sessionOf(request).user, request.body, originOf(request))),
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
    async (request) =>
      preferencesOf(await updatePreferences(app, sessionOf(request).user, request.body, originOf(request))),
  );
}
