import { aiDisclosure } from '@escriba/contract';
import type { FastifyRequest } from 'fastify';
import type { UserRow } from '../../../db/schema/index';
import { AppError } from '../../../platform/errors';
import type { App } from '../../../platform/services';
import { issueDocumentPdf } from '../../pdfs/issue-document-pdf';
import { ownDocument, versionsOf } from '../document-store';
import { documentLayout } from './document-layout';

/**
 * GET …/documents/{documentId}/pdf and POST …/pdf/signed: the document's latest version laid out for its
 * kind, closed by the line on the AI's part; 404 for another professional's, 409 while it is generated or
 * when its generation failed.
 */
export async function documentPdf(
  app: App,
  user: UserRow,
  consultationId: string,
  documentId: string,
  signing?: { password: string; request: FastifyRequest },
): Promise<{ pdf: Buffer; kind: string }> {
  const document = await ownDocument(app.db, user.id, consultationId, documentId);
  const [latest] = await versionsOf(app.db, documentId);
  if (latest?.status === 'generating') {
    throw new AppError(
      'conflict',
      'Este documento ainda está sendo gerado: aguarde a geração terminar para emitir o PDF.',
    );
  }
  if (latest?.status !== 'ready' || !latest.content) {
    throw new AppError('conflict', 'A geração deste documento falhou: não há conteúdo para o PDF. Gere outro.');
  }
  const { write, ...layout } = documentLayout(document.kind, latest.content);
  const pdf = await issueDocumentPdf(app, {
    user,
    consultationId,
    kind: document.kind,
    ...layout,
    write: (body, author, consultation) => {
      write(body, consultation);
      body.space(14);
      body.note(aiDisclosure(author));
    },
    ...signing,
  });
  return { pdf, kind: document.kind };
}
