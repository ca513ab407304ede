import multipart from '@fastify/multipart';
import {
  ZErrorBody,
  ZEvidence,
  ZEvidenceDetail,
  ZEvidenceParams,
  ZEvidenceFileQuery,
  ZEvidenceTextBody,
  ZEvidenceVariantParams,
  ZUuidParam,
  type TEvidenceFileQuery,
} from '@escriba/contract';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { sessionOf } from '../../platform/auth/access';
import { answerKeeper } from '../../platform/http/idempotency';
import { BEARER_SECURITY, USER_ACCESS, USER_CREATE, USER_ROUTE_ERRORS } from '../../platform/http/route-options';
import type { App } from '../../platform/services';
import { ACCEPTED_TYPES_LABEL } from '../../providers/documents/detect-document-type';
import { addEvidence } from './add-evidence';
import { correctEvidenceText } from './correct-evidence-text';
import { deleteEvidence } from './delete-evidence';
import { getEvidence } from './get-evidence';
import { listEvidences } from './list-evidences';
import { sendEvidenceFile } from './send-evidence-file';

const tags = ['evidences'];
const base = '/user/consultations/:id/evidences';
const FILE_LINK = `Para a <img> e a nova aba: além do token bearer, aceita o cookie session do app (same-site strict,
que o navegador só manda a partir do próprio site), então o link só abre na sessão viva do dono: sem sessão ou com uma
encerrada (saída, "Encerrar todas", troca de senha, suspensão, expiração), 401; evidência excluída ou de outro
profissional, 404. download=1 pede o arquivo como anexo. Cache privado revalidado a cada uso (ETag, 304).`;
// The session cookie authenticates only these two GETs: they change nothing, and links to them sit in <img>.
const FILE_ACCESS = { ...USER_ACCESS, acceptsSessionCookie: true };
const FILE_ERRORS = { 401: ZErrorBody, 404: ZErrorBody, 422: ZErrorBody };

/** The evidence calls of spec §7 under /user/consultations/{id}/evidences and the file links. */
export async function evidenceRoutes(app: App): Promise<void> {
  // Limits are set per upload (MAX_UPLOAD_MB) in receiveDocument.
  await app.register(multipart);
  const userId = (request: Parameters<typeof sessionOf>[0]) => sessionOf(request).user.id;

  app.post(
    `${base}/add-evidence`,
    {
      config: {
        ...USER_CREATE,
        consumes: ['multipart/form-data'],
        patientAccess: { record: 'evidence', action: 'create', recordId: 'answer:id' },
      },
      schema: {
        tags,
        summary: 'Adiciona um arquivo à consulta',
        description: `Campo multipart file: ${ACCEPTED_TYPES_LABEL}, reconhecido pelo conteúdo (senão 415), até MAX_UPLOAD_MB (senão 413), não vazio (senão 422). Respondido 201 com status pending assim que guardado; a leitura do texto segue em segundo plano (reading, depois ready ou unreadable com reason) e a mensagem evidence avisa o fim. 409 com a consulta concluída; 429 com Retry-After depois de EVIDENCE_FILES_PER_HOUR arquivos do profissional na última hora (nada é guardado).`,
        security: BEARER_SECURITY,
        params: ZUuidParam,
        response: { 201: ZEvidence, ...USER_ROUTE_ERRORS, 413: ZErrorBody, 415: ZErrorBody, 429: ZErrorBody },
      },
    },
    (request, reply) =>
      addEvidence(app, userId(request), request.params.id, request, answerKeeper(request, reply, 201)),
  );

  app.get(
    `${base}/`,
    {
      config: { ...USER_ACCESS, patientAccess: { record: 'evidence', action: 'list' } },
      schema: {
        tags,
        summary: 'Evidências da consulta',
        description: 'Todas, a transcrição entre elas (kind transcript), da mais antiga para a mais nova.',
        security: BEARER_SECURITY,
        params: ZUuidParam,
        response: { 200: z.array(ZEvidence), ...USER_ROUTE_ERRORS },
      },
    },
    (request) => listEvidences(app, userId(request), request.params.id),
  );

  app.get(
    `${base}/:evidenceId`,
    {
      config: { ...USER_ACCESS, patientAccess: { record: 'evidence', action: 'read', recordId: 'param:evidenceId' } },
      schema: {
        tags,
        summary: 'Uma evidência com o texto extraído',
        description:
          'text (quando ready), pages (PDF), download_url (o original) e variants (imagens: WebP responsivos, thumbnail e placeholder 10x10), como links que abrem na sessão do dono.',
        security: BEARER_SECURITY,
        params: ZEvidenceParams,
        response: { 200: ZEvidenceDetail, ...USER_ROUTE_ERRORS },
      },
    },
    (request) => getEvidence(app, userId(request), request.params.id, request.params.evidenceId),
  );

  app.put(
    `${base}/:evidenceId/text`,
    {
      config: { ...USER_ACCESS, patientAccess: { record: 'evidence', action: 'update', recordId: 'param:evidenceId' } },
      schema: {
        tags,
        summary: 'Corrige o texto lido de um arquivo',
        description:
          'Guarda o texto corrigido como nova versão, com quem e quando corrigiu; o texto lido fica guardado (original) e a geração passa a usar o corrigido. Um arquivo lido por páginas (PDF) é corrigido uma página por vez (page obrigatório), e cada página mantém seu número nas fontes da nota; os outros, o texto inteiro (sem page). O mesmo texto não cria versão. 409 enquanto o arquivo é lido, para um ilegível, para a transcrição (corrigida pelas rotas dela) e com a consulta concluída.',
        security: BEARER_SECURITY,
        params: ZEvidenceParams,
        body: ZEvidenceTextBody,
        response: { 200: ZEvidenceDetail, ...USER_ROUTE_ERRORS },
      },
    },
    (request) => correctEvidenceText(app, userId(request), request.params.id, request.params.evidenceId, request.body),
  );

  app.delete(
    `${base}/:evidenceId`,
    {
      config: { ...USER_ACCESS, patientAccess: { record: 'evidence', action: 'delete', recordId: 'param:evidenceId' } },
      schema: {
        tags,
        summary: 'Exclui uma evidência e seus arquivos',
        description: 'A transcrição não é excluída aqui (409). 409 também com a consulta concluída.',
        security: BEARER_SECURITY,
        params: ZEvidenceParams,
        response: { 204: z.null(), ...USER_ROUTE_ERRORS },
      },
    },
    async (request, reply) => {
      await deleteEvidence(app, userId(request), request.params.id, request.params.evidenceId);
      return reply.code(204).send(null);
    },
  );

  app.get(
    `${base}/:evidenceId/file`,
    {
      config: {
        ...FILE_ACCESS,
        patientAccess: { record: 'evidence_file', action: 'download', recordId: 'param:evidenceId' },
      },
      schema: {
        tags,
        summary: 'O arquivo original',
        description: FILE_LINK,
        security: BEARER_SECURITY,
        params: ZEvidenceParams,
        querystring: ZEvidenceFileQuery,
        response: FILE_ERRORS,
      },
    },
    (request, reply) => sendEvidenceFile(app, fileRequest(request, request.params, request.query), reply),
  );

  app.get(
    `${base}/:evidenceId/variants/:name`,
    {
      config: {
        ...FILE_ACCESS,
        patientAccess: { record: 'evidence_file', action: 'download', recordId: 'param:evidenceId' },
      },
      schema: {
        tags,
        summary: 'Uma versão WebP de uma imagem',
        description: `name: thumbnail, placeholder ou w{largura}. ${FILE_LINK}`,
        security: BEARER_SECURITY,
        params: ZEvidenceVariantParams,
        querystring: ZEvidenceFileQuery,
        response: FILE_ERRORS,
      },
    },
    (request, reply) =>
      sendEvidenceFile(
        app,
        { ...fileRequest(request, request.params, request.query), variant: request.params.name },
        reply,
      ),
  );
}

/** What sendEvidenceFile needs from a file route's request: the caller, the file, the cache's question. */
function fileRequest(
  request: FastifyRequest,
  { id, evidenceId }: { id: string; evidenceId: string },
  query: TEvidenceFileQuery,
) {
  return {
    userId: sessionOf(request).user.id,
    consultationId: id,
    evidenceId,
    query,
    ifNoneMatch: request.headers['if-none-match'],
  };
}
