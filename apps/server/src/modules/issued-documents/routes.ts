import {
  ZErrorBody,
  ZIssuedDocument,
  ZIssuedDocumentList,
  ZIssuedDocumentParams,
  ZIssuedDocumentSent,
  ZSendIssuedDocumentBody,
  ZUuidParam,
  type TAccessAction,
  type TSendChannel,
} from '@escriba/contract';
import type { FastifyRequest } from 'fastify';
import { sessionOf } from '../../platform/auth/access';
import { answerKeeper } from '../../platform/http/idempotency';
import { originOf } from '../../platform/http/request-origin';
import { BEARER_SECURITY, USER_ACCESS, USER_CREATE, USER_ROUTE_ERRORS } from '../../platform/http/route-options';
import type { App } from '../../platform/services';
import { sendIssuedDocument } from './send-issued-document';
import { listIssuedDocuments, revokeIssuedDocument } from './user-issued-documents';

const SENT_BY: Record<TSendChannel, TAccessAction> = { email: 'send_email', whatsapp: 'send_whatsapp' };
// The access log's action is the send's channel (the body was validated before any hook reads it).
const sentBy = (request: FastifyRequest) => SENT_BY[ZSendIssuedDocumentBody.parse(request.body).channel];

const tags = ['issued documents'];
const base = '/user/consultations/:id/issued-documents';

/** The PDFs issued in a consultation, with their addresses and codes, and their revocation. */
export async function issuedDocumentRoutes(app: App): Promise<void> {
  app.get(
    base,
    {
      config: { ...USER_ACCESS, patientAccess: { record: 'document_pdf', action: 'list' } },
      schema: {
        tags,
        summary: 'Documentos emitidos na consulta',
        description:
          'Do mais novo para o mais antigo, revogados inclusive: o endereço público (o do QR code), o código de acesso ("ABCD-EFGH"), o tipo, a versão, quando foi emitido e quem assinou.',
        security: BEARER_SECURITY,
        params: ZUuidParam,
        response: { 200: ZIssuedDocumentList, ...USER_ROUTE_ERRORS },
      },
    },
    (request) => listIssuedDocuments(app, sessionOf(request).user.id, request.params.id),
  );

  app.post(
    `${base}/:publicId/revoke`,
    {
      config: {
        ...USER_ACCESS,
        patientAccess: { record: 'document_pdf', action: 'update', recordId: 'param:publicId' },
      },
      schema: {
        tags,
        summary: 'Revoga o endereço de um documento emitido',
        description:
          'Para um documento emitido por engano: o endereço passa a responder 404 e a página pública diz que foi revogado. Revogar de novo não muda nada. Uma versão corrigida, ao ser emitida, ganha endereço e código próprios.',
        security: BEARER_SECURITY,
        params: ZIssuedDocumentParams,
        response: { 200: ZIssuedDocument, ...USER_ROUTE_ERRORS },
      },
    },
    (request) =>
      revokeIssuedDocument(
        app,
        sessionOf(request).user.id,
        request.params.id,
        request.params.publicId,
        originOf(request),
      ),
  );

  app.post(
    `${base}/:publicId/send`,
    {
      config: {
        ...USER_CREATE,
        patientAccess: { record: 'document_pdf', action: sentBy, recordId: 'param:publicId' },
      },
      schema: {
        tags,
        summary: 'Envia ao paciente o endereço e o código de um documento emitido',
        description:
          'channel=email: o servidor envia ao e-mail do cadastro do paciente (422 em patient.email quando não há) uma mensagem em nome do profissional com o tipo de documento, o endereço, o código de acesso e até quando o endereço abre; responde 202 com o endereço mascarado. No máximo DOCUMENT_MAILS_PER_HOUR e-mails por documento na hora (429 com Retry-After); repetir com o mesmo Idempotency-Key não envia de novo. channel=whatsapp: nada é enviado pelo servidor; responde 200 com o link wa.me para o telefone do cadastro com a mensagem pronta (sem telefone, o link abre o WhatsApp para escolher o contato). Documento revogado: 409; passado o prazo de DOCUMENT_SHARE_DAYS: 410. Cada envio entra no registro de acessos do paciente.',
        security: BEARER_SECURITY,
        params: ZIssuedDocumentParams,
        body: ZSendIssuedDocumentBody,
        response: {
          200: ZIssuedDocumentSent,
          202: ZIssuedDocumentSent,
          ...USER_ROUTE_ERRORS,
          410: ZErrorBody,
          429: ZErrorBody,
        },
      },
    },
    (request, reply) => {
      const { channel } = request.body;
      return sendIssuedDocument(
        app,
        sessionOf(request).user.id,
        request.params.id,
        request.params.publicId,
        channel,
        answerKeeper(request, reply, channel === 'email' ? 202 : 200),
      );
    },
  );
}
