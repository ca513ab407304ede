import {
  DOCUMENT_CONTENT_SCHEMAS,
  type TDocument,
  type TDocumentContent,
  type TDocumentEditBody,
  type TDocumentKind,
  type TDocumentProvenance,
  type TDocumentStatements,
  type TStatementReview,
} from '@escriba/contract';
import { isDeepStrictEqual } from 'node:util';
import { z } from 'zod';
import { documentVersions } from '../../db/schema/index';
import type { Database } from '../../db/client';
import { AppError, fieldError } from '../../platform/errors';
import { validateLate } from '../../platform/http/late-validation';
import type { App } from '../../platform/services';
import { cid10Key, findCid10Codes } from '../cid10/cid10-codes';
import { checkReceita } from '../prescriptions/check-receita';
import { keepKnownSources } from './document-sources';
import { editedDocumentStatements, statementsOf } from './document-statements';
import { documentToChange, signaturesOf } from './document-store';
import { toDocument } from './document-view';

const KEEP_YOUR_TEXT = 'Suas alterações continuam na tela: copie-as antes de recarregar o documento.';

/** The edited content as the document's kind has it; 422 naming each field that is not. */
function parseContent(kind: TDocumentKind, content: unknown): TDocumentContent {
  return validateLate('body', z.object({ content: DOCUMENT_CONTENT_SCHEMAS[kind] }), { content }).content;
}

/** An atestado's CID and an exames' codes as the table writes them: a code not in the CID-10 table is 422. */
async function withKnownCid(db: Database, content: TDocumentContent): Promise<TDocumentContent> {
  if ('cids' in content) {
    const table = await findCid10Codes(
      db,
      content.cids.map(({ code }) => code),
    );
    const cids = content.cids.map(({ code }, index) => {
      const known = table.get(cid10Key(code));
      if (!known) throw fieldError(['body', 'content', 'cids', index, 'code'], 'Código não encontrado na CID-10');
      return known;
    });
    return { ...content, cids };
  }
  if (!('cid' in content) || !content.cid) return content;
  const known = (await findCid10Codes(db, [content.cid.code])).get(cid10Key(content.cid.code));
  if (!known) throw fieldError(['body', 'content', 'cid', 'code'], 'Código não encontrado na CID-10');
  return { ...content, cid: known };
}

/** A receita's type follows its items (reference-data/receita), whatever type the edit sent. */
function withTypeOfItems(content: TDocumentContent): TDocumentContent {
  return 'type' in content ? { ...content, type: checkReceita(content.items).type } : content;
}

/**
 * PUT .../documents/{documentId}: over the latest version (`base_version`), the statements the professional
 * confirms, then her whole content (optional), then her review, stored as one new version (kind `edit`); its sources
 * are limited to those the document already cited, an atestado's CID to the table's codes, a receita's type to what its
 * items make it. A statement she confirms
 * or writes is `confirmed`, and the provenance's `reviews` records it; `reviewed` (or any confirmation) records her
 * review, which later versions keep. Under the consultation's row lock, so of two tabs saving over the same version
 * the second gets 409 and stores nothing.
 */
export async function editDocument(
  app: App,
  userId: string,
  consultationId: string,
  documentId: string,
  body: TDocumentEditBody,
): Promise<TDocument> {
  return app.db.transaction(async (tx) => {
    const { document, versions } = await documentToChange(tx, userId, consultationId, documentId);
    const [latest] = versions;
    if (latest?.status !== 'ready' || !latest.content) {
      throw new AppError('conflict', 'A geração deste documento falhou: não há texto para editar. Gere outro.');
    }
    if (latest.version !== body.base_version) {
      throw new AppError(
        'conflict',
        `O documento mudou desde que você o abriu (agora na versão ${latest.version}, talvez salvo em outra aba). ${KEEP_YOUR_TEXT}`,
      );
    }
    const by = { user_id: userId, at: new Date().toISOString() };
    const confirmed = confirmStatements(statementsOf(document.kind, latest), body.confirmations ?? [], by);
    const content = body.content
      ? withTypeOfItems(
          keepKnownSources(await withKnownCid(tx, parseContent(document.kind, body.content)), latest.content),
        )
      : latest.content;
    const edited = editedDocumentStatements(
      document.kind,
      { content: latest.content, statements: confirmed.statements },
      content,
    );
    const reviews = [
      ...confirmed.reviews,
      ...edited.written.map(({ part, text }): TStatementReview => ({ field_id: part, text, action: 'edited', ...by })),
    ];
    const isReview = body.reviewed === true || confirmed.reviews.length > 0;
    const hasChanged =
      !isDeepStrictEqual(content, latest.content) ||
      !isDeepStrictEqual(edited.statements, statementsOf(document.kind, latest)) ||
      (isReview && !latest.provenance.reviewed);
    const signatures = await signaturesOf(tx, documentId);
    if (!hasChanged) return toDocument(document, versions, signatures);
    const provenance: TDocumentProvenance = {
      ...latest.provenance,
      reviews: [...(latest.provenance.reviews ?? []), ...reviews],
      reviewed: isReview ? by : (latest.provenance.reviewed ?? null),
    };
    const [inserted] = await tx
      .insert(documentVersions)
      .values({
        documentId,
        version: latest.version + 1,
        kind: 'edit',
        status: 'ready',
        content,
        statements: edited.statements,
        provenance,
        finishedAt: new Date(),
      })
      .returning();
    return toDocument(document, [inserted!, ...versions], signatures);
  });
}

/** The statements with those she confirmed `confirmed`; 422 naming a part or place the version does not have. */
function confirmStatements(
  statements: TDocumentStatements,
  confirmations: NonNullable<TDocumentEditBody['confirmations']>,
  by: { user_id: string; at: string },
): { statements: TDocumentStatements; reviews: TStatementReview[] } {
  const next = { ...statements };
  const reviews: TStatementReview[] = [];
  confirmations.forEach(({ part, index }, at) => {
    const list = next[part];
    if (!list) throw fieldError(['body', 'confirmations', at, 'part'], 'Esta parte não existe no documento');
    const statement = list[index];
    if (!statement) throw fieldError(['body', 'confirmations', at, 'index'], 'Esta frase não existe nesta parte');
    if (statement.status === 'confirmed') return;
    reviews.push({ field_id: part, text: statement.text, action: 'confirmed', ...by });
    next[part] = list.map((each, place) => (place === index ? { ...each, status: 'confirmed', reason: null } : each));
  });
  return { statements: next, reviews };
}
