import { ZLicense, ZLicenseBody, ZUuidParam } from '@escriba/contract';
import { z } from 'zod';
import { sessionOf } from '../../platform/auth/access';
import { answerKeeper } from '../../platform/http/idempotency';
import { originOf } from '../../platform/http/request-origin';
import { BEARER_SECURITY, USER_ACCESS, USER_CREATE, USER_ROUTE_ERRORS } from '../../platform/http/route-options';
import type { App } from '../../platform/services';
import { createLicense, deleteLicense, makeLicensePrimary, updateLicense } from './change-licenses';
import { listLicenses } from './license-store';

const tags = ['user'];

export async function licenseRoutes(app: App): Promise<void> {
  app.get(
    '/user/me/license/',
    {
      config: USER_ACCESS,
      schema: {
        tags,
        summary: 'Meus registros profissionais',
        security: BEARER_SECURITY,
        response: { 200: z.array(ZLicense), ...USER_ROUTE_ERRORS },
      },
    },
    (request) => listLicenses(app.db, sessionOf(request).user.id),
  );

  app.post(
    '/user/me/license/',
    {
      config: USER_CREATE,
      schema: {
        tags,
        summary: 'Adiciona um registro profissional',
        description: 'O primeiro registro adicionado torna-se o principal.',
        security: BEARER_SECURITY,
        body: ZLicenseBody,
        response: { 201: ZLicense, ...USER_ROUTE_ERRORS },
      },
    },
    (request, reply) =>
      createLicense(
        app,
        sessionOf(request).user.id,
        request.body,
        originOf(request),
        answerKeeper(request, reply, 201),
      ),
  );

  app.put(
    '/user/me/license/:id',
    {
      config: USER_ACCESS,
      schema: {
        tags,
        summary: 'Altera um registro profissional',
        security: BEARER_SECURITY,
        params: ZUuidParam,
        body: ZLicenseBody,
        response: { 200: ZLicense, ...USER_ROUTE_ERRORS },
      },
    },
    (request) => updateLicense(app, sessionOf(request).user.id, request.params.id, request.body, originOf(request)),
  );

  app.delete(
    '/user/me/license/:id',
    {
      config: USER_ACCESS,
      schema: {
        tags,
        summary: 'Remove um registro profissional',
        description: 'Se era o principal, o mais antigo dos restantes passa a ser o principal.',
        security: BEARER_SECURITY,
        params: ZUuidParam,
        response: { 204: z.null(), ...USER_ROUTE_ERRORS },
      },
    },
    async (request, reply) => {
      await deleteLicense(app, sessionOf(request).user.id, request.params.id, originOf(request));
      return reply.code(204).send(null);
    },
  );

  app.patch(
    '/user/me/license/:id/primary',
    {
      config: USER_ACCESS,
      schema: {
        tags,
        summary: 'Torna o registro o principal',
        security: BEARER_SECURITY,
        params: ZUuidParam,
        response: { 200: ZLicense, ...USER_ROUTE_ERRORS },
      },
    },
    (request) => makeLicensePrimary(app, sessionOf(request).user.id, request.params.id, originOf(request)),
  );
}
