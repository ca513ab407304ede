import {
  ZAnamnesis,
  ZAnamnesisEditBody,
  ZAnamnesisVersion,
  ZErrorBody,
  ZGenerationBody,
  ZPdfQuery,
  ZSignBody,
  ZUuidParam,
} from '@escriba/contract';
import { z } from 'zod';
import { sessionOf } from '../../platform/auth/access';
import { answerKeeper } from '../../platform/http/idempotency';
import { originOf } from '../../platform/http/request-origin';
import { BEARER_SECURITY, USER_ACCESS, USER_CREATE, USER_ROUTE_ERRORS } from '../../platform/http/route-options';
import type { App } from '../../platform/services';
import { ISSUED_PDF, PDF_ROUTE_ERRORS, SIGNED_PDF_ROUTE_ERRORS, SIGNERS, pdfFileName, sendPdf } from '../pdfs/send-pdf';
import { signerOf } from '../pdfs/signer';
import { anamnesisPdf } from './anamnesis-pdf';
import { editAnamnesis } from './edit-anamnesis';
import { getAnamnesis } from './get-anamnesis';
import { startGeneration } from './start-generation';

const tags = ['anamnesis'];
const base = '/user/consultations/:id/anamnesis';
const UNCONFIGURED = 'A geração de anamnese não está configurada neste servidor (LLM_URL).';

const PDF_CONTENT = `A4 com o cabeçalho da Res. CFM 2.299/2021 (profissional, conselho/UF e número, RQE, local de atendimento, paciente e documento, cidade, data e hora de emissão no horário de Brasília), os campos da nota na ordem do modelo e a linha sobre o uso do assistente de IA. 404 para consulta de outro profissional ou sem anamnese pronta; 409 enquanto alguma frase estiver unverified (não confirmada nas fontes): o profissional a confirma ou edita antes (PUT da anamnese).`;

const ZGenerationParams = ZUuidParam.extend({ type: z.string().min(1).max(100) });

/** The anamnesis calls under /user/consultations/{id}. */
export async function anamnesisRoutes(app: App): Promise<void> {
  const userId = (request: Parameters<typeof sessionOf>[0]) => sessionOf(request).user.id;

  app.post(
    `${base}/:type`,
    {
      config: { ...USER_CREATE, patientAccess: { record: 'note', action: 'create', recordId: 'answer:id' } },
      schema: {
        tags,
        summary: 'Gera a anamnese (ou refaz um campo)',
        description: `type é o id de um modelo de anamnese que o profissional pode usar (dele ou publicado). Sem corpo: a anamnese inteira. Com field_id: só esse campo da última anamnese pronta, gerado de novo, ou reescrito seguindo instruction; os outros campos são copiados. Respondido 202 com a nova versão (status generating) depois de gastar o crédito (GENERATION_CREDIT_COST; 402 sem saldo); a geração segue em segundo plano e chega pelo canal ao vivo: uma mensagem anamnesis por campo, na ordem do modelo (text, sources e statements: cada frase com suas fontes e status verified ou unverified, com reason), depois end; se o serviço falhar, uma mensagem system com status_code e detail, e o crédito é devolvido. 409 com uma geração em andamento ou a consulta concluída; 429 com Retry-After depois de GENERATIONS_PER_HOUR gerações (notas e documentos) do profissional na última hora; 503 sem LLM_URL (nada é gasto).`,
        security: BEARER_SECURITY,
        params: ZGenerationParams,
        body: ZGenerationBody.nullish(),
        response: { 202: ZAnamnesisVersion, ...USER_ROUTE_ERRORS, 402: ZErrorBody, 429: ZErrorBody, 503: ZErrorBody },
      },
    },
    async (request, reply) => {
      const { id, type } = request.params;
      const keep = answerKeeper(request, reply, 202);
      const result = await startGeneration(app, userId(request), id, type, request.body ?? {}, keep);
      if ('isUnconfigured' in result) return reply.code(503).send({ detail: UNCONFIGURED });
      return result.version;
    },
  );

  app.get(
    base,
    {
      config: { ...USER_ACCESS, patientAccess: { record: 'note', action: 'read' } },
      schema: {
        tags,
        summary: 'Anamnese da consulta',
        description:
          'latest: a versão mais nova (pode estar generating ou failed); versions: as versões, da mais nova para a mais antiga (até 50), cada uma com campos, fontes e proveniência.',
        security: BEARER_SECURITY,
        params: ZUuidParam,
        response: { 200: ZAnamnesis, ...USER_ROUTE_ERRORS },
      },
    },
    (request) => getAnamnesis(app, userId(request), request.params.id),
  );

  app.put(
    base,
    {
      config: { ...USER_ACCESS, patientAccess: { record: 'note', action: 'update', recordId: 'answer:id' } },
      schema: {
        tags,
        summary: 'Salva a anamnese editada',
        description:
          'Guarda os textos enviados sobre a última anamnese pronta (base_version) como nova versão (kind edit); os campos alterados ficam marcados edited e as frases que ela escreveu ficam confirmed. confirmations (field_id e index em statements) confirma frases como estão (status confirmed). Cada frase escrita ou confirmada entra em provenance.reviews com quem e quando. 409 se outra aba salvou antes (base_version não é a mais nova) ou se há uma geração em andamento: nada é salvo e o texto fica com o cliente. 422 para um campo ou uma frase que não existe. Sem anamnese ainda (numa consulta sem IA, por exemplo): template_id no lugar de base_version grava uma primeira nota escrita à mão com os campos do modelo (os não enviados ficam vazios); 409 se já houver uma.',
        security: BEARER_SECURITY,
        params: ZUuidParam,
        body: ZAnamnesisEditBody,
        response: { 200: ZAnamnesisVersion, ...USER_ROUTE_ERRORS },
      },
    },
    (request) => editAnamnesis(app, userId(request), request.params.id, request.body),
  );

  app.get(
    `${base}/pdf`,
    {
      // A new tab sends no bearer token: like the evidence files, the note opens with the session cookie.
      config: { ...USER_ACCESS, acceptsSessionCookie: true, patientAccess: { record: 'note_pdf', action: 'download' } },
      schema: {
        tags,
        summary: 'A anamnese em PDF',
        description: `application/pdf da nota atual (a última versão pronta), com uma linha para assinatura à mão. ${PDF_CONTENT} Aceita também o cookie session do app, para abrir numa nova aba; download=1 pede o arquivo como anexo.`,
        security: BEARER_SECURITY,
        params: ZUuidParam,
        querystring: ZPdfQuery,
        response: PDF_ROUTE_ERRORS,
      },
    },
    async (request, reply) => {
      const pdf = await anamnesisPdf(app, sessionOf(request).user, request.params.id);
      return sendPdf(reply, pdf, pdfFileName('anamnese', false), request.query.download === '1');
    },
  );

  app.post(
    `${base}/pdf/issued`,
    {
      config: { ...USER_ACCESS, patientAccess: { record: 'note_pdf', action: 'create' } },
      schema: {
        tags,
        summary: 'Emite a anamnese em PDF, para imprimir e assinar à mão',
        description: `application/pdf da nota atual com uma linha para assinatura à mão. ${ISSUED_PDF} ${PDF_CONTENT}`,
        security: BEARER_SECURITY,
        params: ZUuidParam,
        response: PDF_ROUTE_ERRORS,
      },
    },
    async (request, reply) => {
      const pdf = await anamnesisPdf(app, sessionOf(request).user, request.params.id, { origin: originOf(request) });
      return sendPdf(reply, pdf, pdfFileName('anamnese', false), true);
    },
  );

  app.post(
    `${base}/pdf/signed`,
    {
      config: { ...USER_ACCESS, patientAccess: { record: 'note_pdf', action: 'sign' } },
      schema: {
        tags,
        summary: 'A anamnese em PDF assinada com meu certificado A1',
        description: `application/pdf da nota atual assinada (PAdES AD-RB, ETSI.CAdES.detached): cadeia de certificados, hora da assinatura e motivo na assinatura, e um bloco visível "Assinado digitalmente" com nome, registro e data. ${SIGNERS} ${ISSUED_PDF} ${PDF_CONTENT}`,
        security: BEARER_SECURITY,
        params: ZUuidParam,
        body: ZSignBody,
        response: SIGNED_PDF_ROUTE_ERRORS,
      },
    },
    async (request, reply) => {
      const signing = { signer: signerOf(request.body), origin: originOf(request) };
      const pdf = await anamnesisPdf(app, sessionOf(request).user, request.params.id, signing);
      return sendPdf(reply, pdf, pdfFileName('anamnese', true), true);
    },
  );
}
