import {
  ZDocument,
  ZDocumentEditBody,
  ZDocumentGenerationBody,
  ZDocumentKindParams,
  ZDocumentList,
  ZDocumentParams,
  ZDocumentSummary,
  ZErrorBody,
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
import { deleteDocument } from './delete-document';
import { editDocument } from './edit-document';
import { signerOf } from '../pdfs/signer';
import { documentPdf } from './pdf/document-pdf';
import { getDocument, listDocuments } from './read-documents';
import { startDocument } from './start-document';

const tags = ['documents'];
const base = '/user/consultations/:id/documents';
const UNCONFIGURED = 'A geração de documentos não está configurada neste servidor (LLM_URL).';
const PDF_CONTENT = `A4 com o cabeçalho da Res. CFM 2.299/2021 (profissional, conselho/UF e número, RQE, local de atendimento, paciente e documento, cidade, data e hora de emissão no horário de Brasília) e a última versão do documento no leiaute do tipo: receita com os itens numerados (medicamento, dose, forma, posologia, quantidade, uso contínuo) agrupados por via, a de antimicrobiano (RDC 471/2021) em duas vias com a validade de 10 dias, e a de controle especial em duas vias (Portaria 344/98) com os quadros de identificação do comprador e do fornecedor — o tipo segue os itens (listas em reference-data/receita); uma receita com item das listas A ou B exige a Notificação de Receita numerada e não é emitida nem assinada pelo Escriba (409), só impressa; atestado com os dias em algarismos e por extenso, a data de início, a finalidade e o CID só quando o documento o traz; exames numerados com a indicação clínica; encaminhamento ao especialista com motivo, resumo e solicitação; orientações em "O que fazer", "Sinais de alerta: procure atendimento" e "Quando voltar"; relatório em seções. Campos vazios ficam de fora. Fecha com a linha sobre o uso do assistente de IA, que diz "revisado por" só depois da revisão do profissional (PUT com confirmations ou reviewed). 404 para documento de outro profissional; 409 enquanto o documento é gerado, se a geração falhou ou enquanto alguma frase estiver unverified (não confirmada nas fontes: nada é assinado).`;

/** The documents of a visit (receita, atestado, exames, encaminhamento, orientações, relatório). */
export async function documentRoutes(app: App): Promise<void> {
  const userId = (request: Parameters<typeof sessionOf>[0]) => sessionOf(request).user.id;

  app.post(
    `${base}/:kind`,
    {
      config: { ...USER_CREATE, patientAccess: { record: 'document', action: 'create', recordId: 'answer:id' } },
      schema: {
        tags,
        summary: 'Gera um documento da consulta',
        description:
          'kind: receita, atestado, exames, encaminhamento, orientacoes ou relatorio. Corpo opcional: instructions; para o atestado, days e include_cid (o CID só com a autorização do paciente). Respondido 202 com o documento (status generating, version 1) depois de gastar DOCUMENT_CREDIT_COST créditos (402 sem saldo); a geração segue em segundo plano e chega pelo canal ao vivo: uma mensagem anamnesis por propriedade do conteúdo (com document_id, kind, field_id e value), depois end com document_id; se o serviço falhar, uma mensagem system com status_code e detail, e o crédito é devolvido. 409 com a consulta concluída; 429 com Retry-After depois de GENERATIONS_PER_HOUR gerações (notas e documentos) do profissional na última hora; 503 sem LLM_URL (nada é gasto).',
        security: BEARER_SECURITY,
        params: ZDocumentKindParams,
        body: ZDocumentGenerationBody.nullish(),
        response: { 202: ZDocumentSummary, ...USER_ROUTE_ERRORS, 402: ZErrorBody, 429: ZErrorBody, 503: ZErrorBody },
      },
    },
    async (request, reply) => {
      const { id, kind } = request.params;
      const keep = answerKeeper(request, reply, 202);
      const result = await startDocument(app, userId(request), id, kind, request.body ?? {}, keep);
      if ('isUnconfigured' in result) return reply.code(503).send({ detail: UNCONFIGURED });
      return result.document;
    },
  );

  app.get(
    base,
    {
      config: { ...USER_ACCESS, patientAccess: { record: 'document', action: 'list' } },
      schema: {
        tags,
        summary: 'Documentos da consulta',
        description:
          'Do mais novo para o mais antigo, sem o conteúdo: cada um com o status e o número da última versão.',
        security: BEARER_SECURITY,
        params: ZUuidParam,
        response: { 200: ZDocumentList, ...USER_ROUTE_ERRORS },
      },
    },
    (request) => listDocuments(app, userId(request), request.params.id),
  );

  app.get(
    `${base}/:documentId`,
    {
      config: { ...USER_ACCESS, patientAccess: { record: 'document', action: 'read', recordId: 'param:documentId' } },
      schema: {
        tags,
        summary: 'Um documento, com conteúdo, fontes e versões',
        description:
          'content: o conteúdo estruturado da última versão, no formato do tipo (null enquanto gera ou se a geração falhou); cada item e parágrafo com suas fontes. statements: as frases de cada parte (purpose, items.0, warning_signs.2…) com fontes e status (verified, unverified com reason, confirmed, unchecked nas versões anteriores à verificação). signatures: os PDFs assinados, com o titular e o emissor do certificado. versions: todas, da mais nova para a mais antiga.',
        security: BEARER_SECURITY,
        params: ZDocumentParams,
        response: { 200: ZDocument, ...USER_ROUTE_ERRORS },
      },
    },
    (request) => getDocument(app, userId(request), request.params.id, request.params.documentId),
  );

  app.put(
    `${base}/:documentId`,
    {
      config: { ...USER_ACCESS, patientAccess: { record: 'document', action: 'update', recordId: 'param:documentId' } },
      schema: {
        tags,
        summary: 'Salva o documento editado',
        description:
          'Sobre a versão base_version, numa só nova versão (kind edit): confirmations (as frases de statements que o profissional confirma, por part e index), content (o conteúdo inteiro, no formato do tipo do documento; sem ele o conteúdo fica como está: as frases que ele escreve ficam confirmed) e reviewed (a revisão do documento antes de copiar, imprimir, abrir ou assinar; qualquer confirmação também conta). Cada confirmação e frase escrita vai para provenance.reviews (quem, quando, o quê); a revisão, para provenance.reviewed. As fontes podem ser mantidas ou retiradas, não acrescentadas. 409 se outra aba salvou antes, se o documento ainda está sendo gerado ou se a geração falhou; 422 nomeando cada campo inválido (uma part ou um index que a versão não tem).',
        security: BEARER_SECURITY,
        params: ZDocumentParams,
        body: ZDocumentEditBody,
        response: { 200: ZDocument, ...USER_ROUTE_ERRORS },
      },
    },
    (request) => editDocument(app, userId(request), request.params.id, request.params.documentId, request.body),
  );

  app.delete(
    `${base}/:documentId`,
    {
      config: { ...USER_ACCESS, patientAccess: { record: 'document', action: 'delete', recordId: 'param:documentId' } },
      schema: {
        tags,
        summary: 'Exclui um documento',
        description:
          'O documento e suas versões; fica registrado na auditoria. 409 enquanto ele é gerado ou com a consulta concluída.',
        security: BEARER_SECURITY,
        params: ZDocumentParams,
        response: { 204: z.null(), ...USER_ROUTE_ERRORS },
      },
    },
    async (request, reply) => {
      await deleteDocument(app, userId(request), request.params.id, request.params.documentId, originOf(request));
      return reply.code(204).send(null);
    },
  );
  app.get(
    `${base}/:documentId/pdf`,
    {
      // A new tab sends no bearer token: like the note's PDF, a document opens with the session cookie.
      config: {
        ...USER_ACCESS,
        acceptsSessionCookie: true,
        patientAccess: { record: 'document_pdf', action: 'download', recordId: 'param:documentId' },
      },
      schema: {
        tags,
        summary: 'O documento em PDF',
        description: `application/pdf do documento, com uma linha para assinatura à mão. ${PDF_CONTENT} Aceita também o cookie session do app, para abrir numa nova aba; download=1 pede o arquivo como anexo.`,
        security: BEARER_SECURITY,
        params: ZDocumentParams,
        querystring: ZPdfQuery,
        response: PDF_ROUTE_ERRORS,
      },
    },
    async (request, reply) => {
      const { id, documentId } = request.params;
      const { pdf, kind } = await documentPdf(app, sessionOf(request).user, id, documentId);
      return sendPdf(reply, pdf, pdfFileName(kind, false), request.query.download === '1');
    },
  );

  app.post(
    `${base}/:documentId/pdf/issued`,
    {
      config: {
        ...USER_ACCESS,
        patientAccess: { record: 'document_pdf', action: 'create', recordId: 'param:documentId' },
      },
      schema: {
        tags,
        summary: 'Emite o documento em PDF, para imprimir e assinar à mão',
        description: `application/pdf do documento com uma linha para assinatura à mão. ${ISSUED_PDF} ${PDF_CONTENT}`,
        security: BEARER_SECURITY,
        params: ZDocumentParams,
        response: PDF_ROUTE_ERRORS,
      },
    },
    async (request, reply) => {
      const { id, documentId } = request.params;
      const { pdf, kind } = await documentPdf(app, sessionOf(request).user, id, documentId, {
        origin: originOf(request),
      });
      return sendPdf(reply, pdf, pdfFileName(kind, false), true);
    },
  );

  app.post(
    `${base}/:documentId/pdf/signed`,
    {
      config: {
        ...USER_ACCESS,
        patientAccess: { record: 'document_pdf', action: 'sign', recordId: 'param:documentId' },
      },
      schema: {
        tags,
        summary: 'O documento em PDF assinado com meu certificado A1',
        description: `application/pdf do documento assinado (PAdES AD-RB: ETSI.CAdES.detached com signing-certificate-v2 e a política de assinatura da ICP-Brasil): cadeia de certificados, hora da assinatura e motivo, e um bloco visível "Assinado digitalmente" com nome, registro e data. ${SIGNERS} ${ISSUED_PDF} ${PDF_CONTENT}`,
        security: BEARER_SECURITY,
        params: ZDocumentParams,
        body: ZSignBody,
        response: SIGNED_PDF_ROUTE_ERRORS,
      },
    },
    async (request, reply) => {
      const { id, documentId } = request.params;
      const signing = { signer: signerOf(request.body), origin: originOf(request) };
      const { pdf, kind } = await documentPdf(app, sessionOf(request).user, id, documentId, signing);
      return sendPdf(reply, pdf, pdfFileName(kind, true), true);
    },
  );
}
