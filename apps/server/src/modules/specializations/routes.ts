import { ZAddSpecializationQuery, ZIdParam, ZSpecialization } from '@escriba/contract';
import { z } from 'zod';
import { sessionOf } from '../../platform/auth/access';
import { answerKeeper } from '../../platform/http/idempotency';
import { originOf } from '../../platform/http/request-origin';
import { BEARER_SECURITY, USER_ACCESS, USER_CREATE, USER_ROUTE_ERRORS } from '../../platform/http/route-options';
import type { App } from '../../platform/services';
import { addSpecialization, listSpecializations, removeSpecialization } from './user-specializations';

const tags = ['user'];

export async function specializationRoutes(app: App): Promise<void> {
  app.get(
    '/user/me/specialization/',
    {
      config: USER_ACCESS,
      schema: {
        tags,
        summary: 'Minhas especialidades',
        security: BEARER_SECURITY,
        response: { 200: z.array(ZSpecialization), ...USER_ROUTE_ERRORS },
      },
    },
    (request) => listSpecializations(app, sessionOf(request).user.id),
  );

  app.post(
    '/user/me/specialization/',
    {
      config: USER_CREATE,
      schema: {
        tags,
        summary: 'Adiciona uma especialidade',
        security: BEARER_SECURITY,
        querystring: ZAddSpecializationQuery,
        response: { 201: ZSpecialization, ...USER_ROUTE_ERRORS },
      },
    },
    (request, reply) =>
      addSpecialization(
        app,
        sessionOf(request).user.id,
        request.query.specialization,
        originOf(request),
        answerKeeper(request, reply, 201),
      ),
  );

  app.delete(
    '/user/me/specialization/:id',
    {
      config: USER_ACCESS,
      schema: {
        tags,
        summary: 'Remove uma especialidade',
        description: 'O id é o da especialidade.',
        security: BEARER_SECURITY,
        params: ZIdParam,
        response: { 204: z.null(), ...USER_ROUTE_ERRORS },
      },
    },
    async (request, reply) => {
      await removeSpecialization(app, sessionOf(request).user.id, request.params.id, originOf(request));
      return reply.code(204).send(null);
    },
  );
}
