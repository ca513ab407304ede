import {
  issuedTitle,
  VALIDADOR_ITI_FORMAT,
  ZErrorBody,
  ZPublicDocument,
  ZPublicDocumentQuery,
  ZValidadorItiAnswer,
  ZVerificationQuery,
} from '@escriba/contract';
import { z } from 'zod';
import { originOf } from '../../platform/http/request-origin';
import type { App } from '../../platform/services';
import { sendPdf } from '../pdfs/send-pdf';
import { openIssuedDocument, type OpenedDocument } from './open-issued-document';
import { issuedPdfUrl } from './issued-document-view';
import { findIssuer } from './issuer';

const tags = ['issued documents'];
const PUBLIC_ACCESS = { access: 'public' } as const;
const ZPublicIdParam = z.object({ publicId: z.string().min(1).max(40) });
const CODE_ERRORS = { 401: ZErrorBody, 404: ZErrorBody, 410: ZErrorBody, 422: ZErrorBody, 429: ZErrorBody };

/**
 * The address an issued document's QR code carries, without a session (issue 33 §2): ITI VALIDAR's call, the
 * public page that asks for the code, the PDF, and what the page shows.
 */
export async function issuedDocumentPublicRoutes(app: App): Promise<void> {
  app.get(
    '/v/:publicId',
    {
      config: PUBLIC_ACCESS,
      schema: {
        tags,
        summary: 'Endereço do QR code de um documento emitido',
        description: `Com _format=${VALIDADOR_ITI_FORMAT} e _secretCode (o código impresso no documento), a chamada do validador do ITI (guia do desenvolvedor do VALIDAR): {"version":"1.0.0","prescription":{"signatureFiles":[{"url":…}]}} com o endereço do PDF, que abre sem sessão por DOCUMENT_SHARE_DAYS dias desde a emissão (410 depois); 401 para código errado; 404 para documento desconhecido, excluído ou revogado; 429 com Retry-After depois de DOCUMENT_CODE_FAILURES_PER_HOUR códigos errados na hora (por documento e por endereço IP). Sem _format, a página pública que pede o código. Todo uso, certo ou errado, entra no registro de acessos do paciente.`,
        params: ZPublicIdParam,
        querystring: ZVerificationQuery,
        response: { 200: ZValidadorItiAnswer, ...CODE_ERRORS },
      },
    },
    async (request, reply) => {
      const { _format: format, _secretCode: code } = request.query;
      if (!format) return reply.callNotFound();
      const { publicId } = request.params;
      await openIssuedDocument(app, publicId, code, visit(request, 'read'));
      return {
        version: '1.0.0' as const,
        prescription: { signatureFiles: [{ url: issuedPdfUrl(app.config.publicUrl, publicId, code!) }] },
      };
    },
  );

  app.get(
    '/v/:publicId/pdf',
    {
      config: PUBLIC_ACCESS,
      schema: {
        tags,
        summary: 'O PDF de um documento emitido, pelo código',
        description:
          'application/pdf como foi emitido (assinado, quando assinado). Os mesmos 401, 404, 410 e 429 do endereço do documento.',
        params: ZPublicIdParam,
        querystring: z.object({ _secretCode: z.string().max(40).optional() }),
        response: CODE_ERRORS,
      },
    },
    async (request, reply) => {
      const { publicId } = request.params;
      const { row } = await openIssuedDocument(app, publicId, request.query._secretCode, visit(request, 'download'));
      const pdf = await app.storage.get(row.storageKey);
      if (!pdf) throw new Error(`Issued PDF missing from storage: ${row.storageKey}`);
      return sendPdf(reply, pdf, `${issuedTitle(row.kind)}.pdf`);
    },
  );

  app.get(
    '/api/v1/public/documents/:publicId',
    {
      config: PUBLIC_ACCESS,
      schema: {
        tags,
        summary: 'Um documento emitido, pelo código (a página pública)',
        description:
          'O que a página pública mostra depois do código certo: o tipo de documento, quem o emitiu (nome e registro), quando, quem assinou e o endereço do PDF. Os mesmos 401, 404, 410 e 429 do endereço do documento.',
        params: ZPublicIdParam,
        querystring: ZPublicDocumentQuery,
        response: { 200: ZPublicDocument, ...CODE_ERRORS },
      },
    },
    async (request) => {
      const { publicId } = request.params;
      const opened = await openIssuedDocument(app, publicId, request.query.code, visit(request, 'read'));
      return publicDocument(app, opened, issuedPdfUrl(app.config.publicUrl, publicId, request.query.code));
    },
  );
}

function visit(request: Parameters<typeof originOf>[0], action: 'read' | 'download') {
  return { origin: originOf(request), route: `${request.method} ${request.routeOptions.url}`, action } as const;
}

async function publicDocument(app: App, { row, sharedUntil }: OpenedDocument, url: string) {
  const issuer = await findIssuer(app, row.userId);
  return {
    kind: row.kind,
    title: issuedTitle(row.kind),
    professional: issuer.name,
    credentials: issuer.credentials,
    issued_at: row.issuedAt.toISOString(),
    signed_by: row.signedBy,
    pdf_url: url,
    shared_until: sharedUntil.toISOString(),
  };
}
