import {
  ZAddBonusCreditQuery,
  ZAdminSessionList,
  ZAdminSessionListQuery,
  ZAdminUserDetail,
  ZAdminUserList,
  ZAdminUserListItem,
  ZAdminUserListQuery,
  ZCreditBalance,
  ZDeletedUser,
  ZDeleteUserQuery,
  ZEndedSessions,
  ZSetUserStatusQuery,
  ZUuidParam,
} from '@escriba/contract';
import { sessionOf } from '../../platform/auth/access';
import { answerKeeper } from '../../platform/http/idempotency';
import { originOf } from '../../platform/http/request-origin';
import { ADMIN_ACCESS, ADMIN_CREATE, ADMIN_ROUTE_ERRORS, BEARER_SECURITY } from '../../platform/http/route-options';
import type { App } from '../../platform/services';
import { addBonusCredit } from './add-bonus-credit';
import { assertUserExists } from './admin-guards';
import { deleteUser } from './delete-user';
import { endUserSessions } from './end-user-sessions';
import { getUserDetail } from './get-user';
import { listUserSessions } from './list-user-sessions';
import { listUsers } from './list-users';
import { setUserStatus } from './set-user-status';

const tags = ['admin: users'];
const common = { tags, security: BEARER_SECURITY };

/** Spec §7 "Admin": the users' administration, for administrators only. */
export async function adminUserRoutes(app: App): Promise<void> {
  app.get(
    '/admin/user/',
    {
      config: ADMIN_ACCESS,
      schema: {
        ...common,
        summary: 'Usuários',
        description:
          'Cadastros mais recentes primeiro; filtros por nome (sem distinguir acentos e maiúsculas), e-mail, CPF, ' +
          'status, escopo e período de cadastro (created_from/created_to, dias no horário de Brasília).',
        querystring: ZAdminUserListQuery,
        response: { 200: ZAdminUserList, ...ADMIN_ROUTE_ERRORS },
      },
    },
    (request) => listUsers(app.db, request.query),
  );

  app.get(
    '/admin/user/:id',
    {
      config: ADMIN_ACCESS,
      schema: {
        ...common,
        summary: 'Um usuário',
        description:
          'Registros profissionais, especialidades, saldo e últimos lançamentos de créditos, últimas sessões, ' +
          'últimos eventos de auditoria e o que a exclusão apagaria (deletion_impact).',
        params: ZUuidParam,
        response: { 200: ZAdminUserDetail, ...ADMIN_ROUTE_ERRORS },
      },
    },
    (request) => getUserDetail(app, request.params.id),
  );

  app.post(
    '/admin/user/:id/set-status',
    {
      config: ADMIN_ACCESS,
      schema: {
        ...common,
        summary: 'Suspende ou reativa um usuário',
        description:
          'status=suspended encerra na hora todas as sessões do usuário e fecha as conexões ao vivo dele; ' +
          'status=active reativa. Ninguém suspende a própria conta nem a última conta de administrador ativa (409).',
        params: ZUuidParam,
        querystring: ZSetUserStatusQuery,
        response: { 200: ZAdminUserListItem, ...ADMIN_ROUTE_ERRORS },
      },
    },
    (request) =>
      setUserStatus(app, request.params.id, request.query.status, sessionOf(request).user.id, originOf(request)),
  );

  app.post(
    '/admin/user/:id/add-bonus-credit',
    {
      config: ADMIN_CREATE,
      schema: {
        ...common,
        summary: 'Concede créditos de bônus',
        description: 'Lança um bônus no extrato de créditos em nome do administrador; responde o novo saldo.',
        params: ZUuidParam,
        querystring: ZAddBonusCreditQuery,
        response: { 200: ZCreditBalance, ...ADMIN_ROUTE_ERRORS },
      },
    },
    (request, reply) =>
      addBonusCredit(
        app,
        request.params.id,
        request.query,
        sessionOf(request).user.id,
        originOf(request),
        answerKeeper(request, reply, 200),
      ),
  );

  app.get(
    '/admin/user/:id/session',
    {
      config: ADMIN_ACCESS,
      schema: {
        ...common,
        summary: 'Sessões de um usuário',
        description: 'Mais recentes primeiro: criação, último uso, IP, navegador, ativa ou encerrada (e por quê).',
        params: ZUuidParam,
        querystring: ZAdminSessionListQuery,
        response: { 200: ZAdminSessionList, ...ADMIN_ROUTE_ERRORS },
      },
    },
    async (request) => {
      await assertUserExists(app.db, request.params.id);
      return listUserSessions(app.db, request.params.id, request.query, app.config.session.idleTimeoutMs);
    },
  );

  app.delete(
    '/admin/user/:id/sessions',
    {
      config: ADMIN_ACCESS,
      schema: {
        ...common,
        summary: 'Encerra todas as sessões de um usuário',
        description: 'As conexões ao vivo dele fecham na hora; o status da conta não muda.',
        params: ZUuidParam,
        response: { 200: ZEndedSessions, ...ADMIN_ROUTE_ERRORS },
      },
    },
    (request) => endUserSessions(app, request.params.id, sessionOf(request).user.id, originOf(request)),
  );

  app.delete(
    '/admin/user/:id',
    {
      config: ADMIN_ACCESS,
      schema: {
        ...common,
        summary: 'Exclui um usuário definitivamente',
        description:
          'Apaga a conta, os pacientes, as consultas (transcrições, evidências, anamneses) e os arquivos dela; o ' +
          'registro de auditoria é mantido. confirm deve ser o e-mail do usuário (422 se não for).',
        params: ZUuidParam,
        querystring: ZDeleteUserQuery,
        response: { 200: ZDeletedUser, ...ADMIN_ROUTE_ERRORS },
      },
    },
    (request) =>
      deleteUser(app, request.params.id, request.query.confirm, sessionOf(request).user.id, originOf(request)),
  );
}
