import { ZAddSpecializationQuery, ZErrorBody, ZIdParam, ZSpecialization } from '@escriba/contract';
import { z } from 'zod';
import { sessionOf } from '../../platform/auth/access';
import type { App } from '../../platform/services';
import { addSpecialization, listSpecializations, removeSpecialization } from './user-specializations';

const tags = ['user'];
const security = [{ bearer: [] }];
const errors = { 401: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody, 422: ZErrorBody };
const access = { access: 'user' } as const;

export async function specializationRoutes(app: App): Promise<void> {
  app.get(
    '/user/me/specialization/',
    {
      config: access,
      schema: {
        tags,
        summary: 'Minhas especialidades',
        security,
        response: { 200: z.array(ZSpecialization), ...errors },
      },
    },
    (request) => listSpecializations(app, sessionOf(request).user.id),
  );

  app.post(
    '/user/me/specialization/',
    {
      config: access,
      schema: {
        tags,
        summary: 'Adiciona uma especialidade',
        security,
        querystring: ZAddSpecializationQuery,
        response: { 201: ZSpecialization, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await addSpecialization(app, sessionOf(request).user.id, request.query.specialization, request)),
  );

  app.delete(
    '/user/me/specialization/:id',
    {
      config: access,
      schema: {
        tags,
        summary: 'Remove uma especialidade',
        description: 'O id é o da especialidade.',
        security,
        params: ZIdParam,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await removeSpecialization(app, sessionOf(request).user.id, request.params.id, request);
      return reply.code(204).send(null);
    },
  );
}
