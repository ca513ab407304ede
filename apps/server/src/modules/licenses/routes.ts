import { ZErrorBody, ZLicense, ZLicenseBody, ZUuidParam } from '@escriba/contract';
import { z } from 'zod';
import { sessionOf } from '../../platform/auth/access';
import type { App } from '../../platform/services';
import { createLicense, deleteLicense, makeLicensePrimary, updateLicense } from './change-licenses';
import { listLicenses } from './license-store';

const tags = ['user'];
const security = [{ bearer: [] }];
const errors = { 401: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody, 422: ZErrorBody };
const access = { access: 'user' } as const;

export async function licenseRoutes(app: App): Promise<void> {
  app.get(
    '/user/me/license/',
    {
      config: access,
      schema: {
        tags,
        summary: 'Meus registros profissionais',
        security,
        response: { 200: z.array(ZLicense), ...errors },
      },
    },
    (request) => listLicenses(app.db, sessionOf(request).user.id),
  );

  app.post(
    '/user/me/license/',
    {
      config: access,
      schema: {
        tags,
        summary: 'Adiciona um registro profissional',
        description: 'O primeiro registro adicionado torna-se o principal.',
        security,
        body: ZLicenseBody,
        response: { 201: ZLicense, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createLicense(app, sessionOf(request).user.id, request.body, request)),
  );

  app.put(
    '/user/me/license/:id',
    {
      config: access,
      schema: {
        tags,
        summary: 'Altera um registro profissional',
        security,
        params: ZUuidParam,
        body: ZLicenseBody,
        response: { 200: ZLicense, ...errors },
      },
    },
    (request) => updateLicense(app, sessionOf(request).user.id, request.params.id, request.body, request),
  );

  app.delete(
    '/user/me/license/:id',
    {
      config: access,
      schema: {
        tags,
        summary: 'Remove um registro profissional',
        description: 'Se era o principal, o mais antigo dos restantes passa a ser o principal.',
        security,
        params: ZUuidParam,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteLicense(app, sessionOf(request).user.id, request.params.id, request);
      return reply.code(204).send(null);
    },
  );

  app.patch(
    '/user/me/license/:id/primary',
    {
      config: access,
      schema: {
        tags,
        summary: 'Torna o registro o principal',
        security,
        params: ZUuidParam,
        response: { 200: ZLicense, ...errors },
      },
    },
    (request) => makeLicensePrimary(app, sessionOf(request).user.id, request.params.id, request),
  );
}
