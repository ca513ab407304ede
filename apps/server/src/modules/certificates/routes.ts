import multipart from '@fastify/multipart';
import { CERTIFICATE_MAX_BYTES, ZCertificate, ZErrorBody } from '@escriba/contract';
import { z } from 'zod';
import { sessionOf } from '../../platform/auth/access';
import { originOf } from '../../platform/http/request-origin';
import { BEARER_SECURITY, USER_ACCESS, USER_ROUTE_ERRORS } from '../../platform/http/route-options';
import type { App } from '../../platform/services';
import { deleteCertificate } from './delete-certificate';
import { getCertificate } from './get-certificate';
import { receiveCertificate } from './receive-certificate';
import { saveCertificate } from './save-certificate';

const tags = ['user'];
const path = '/user/me/certificate';

/** The professional's A1 certificate (ICP-Brasil), kept to sign her documents' PDFs. */
export async function certificateRoutes(app: App): Promise<void> {
  await app.register(multipart);

  app.put(
    path,
    {
      config: { ...USER_ACCESS, consumes: ['multipart/form-data'] },
      schema: {
        tags,
        summary: 'Guarda meu certificado digital A1',
        description: `Multipart: file (o .pfx ou .p12, até ${CERTIFICATE_MAX_BYTES / 1024} KB, senão 413) e password. A senha abre o certificado uma vez para conferi-lo e ler titular, CPF, emissor e validade; não é guardada (será pedida a cada assinatura). O arquivo fica cifrado com uma chave do servidor e substitui o anterior. 422 para senha incorreta, arquivo que não é certificado, ou certificado vencido ou ainda não válido.`,
        security: BEARER_SECURITY,
        response: { 200: ZCertificate, ...USER_ROUTE_ERRORS, 413: ZErrorBody, 415: ZErrorBody },
      },
    },
    async (request) =>
      saveCertificate(app, sessionOf(request).user.id, await receiveCertificate(request), originOf(request)),
  );

  app.get(
    path,
    {
      config: USER_ACCESS,
      schema: {
        tags,
        summary: 'Meu certificado digital A1',
        description: 'O que o certificado diz de si (titular, CPF, emissor, validade), ou null sem certificado.',
        security: BEARER_SECURITY,
        response: { 200: ZCertificate.nullable(), ...USER_ROUTE_ERRORS },
      },
    },
    (request) => getCertificate(app, sessionOf(request).user.id),
  );

  app.delete(
    path,
    {
      config: USER_ACCESS,
      schema: {
        tags,
        summary: 'Remove meu certificado digital A1',
        description: '404 quando não há certificado.',
        security: BEARER_SECURITY,
        response: { 204: z.null(), ...USER_ROUTE_ERRORS },
      },
    },
    async (request, reply) => {
      await deleteCertificate(app.db, sessionOf(request).user.id, originOf(request));
      return reply.code(204).send(null);
    },
  );
}
