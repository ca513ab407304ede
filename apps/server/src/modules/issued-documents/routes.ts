import { ZIssuedDocument, ZIssuedDocumentList, ZIssuedDocumentParams, ZUuidParam } from '@escriba/contract';
import { sessionOf } from '../../platform/auth/access';
import { originOf } from '../../platform/http/request-origin';
import { BEARER_SECURITY, USER_ACCESS, USER_ROUTE_ERRORS } from '../../platform/http/route-options';
import type { App } from '../../platform/services';
import { listIssuedDocuments, revokeIssuedDocument } from './user-issued-documents';

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
}
