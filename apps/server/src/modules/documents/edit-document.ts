import {
  DOCUMENT_CONTENT_SCHEMAS,
  type TDocument,
  type TDocumentContent,
  type TDocumentEditBody,
  type TDocumentKind,
} from '@escriba/contract';
import { isDeepStrictEqual } from 'node:util';
import { z } from 'zod';
import { documentVersions } from '../../db/schema/index';
import type { Database } from '../../db/client';
import { AppError, fieldError } from '../../platform/errors';
import { validateLate } from '../../platform/http/late-validation';
import type { App } from '../../platform/services';
import { cid10Key, findCid10Codes } from '../cid10/cid10-codes';
import { keepKnownSources } from './document-sources';
import { documentToChange } from './document-store';
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

/**
 * PUT .../documents/{documentId}: the professional's whole content over the latest version (`base_version`), stored
 * as a new version (kind `edit`); its sources are limited to those the document already cited, an atestado's CID to
 * the table's codes. Under the
 * consultation's row lock, so of two tabs saving over the same version the second gets 409 and stores nothing.
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
    const content = keepKnownSources(await withKnownCid(tx, parseContent(document.kind, body.content)), latest.content);
    if (isDeepStrictEqual(content, latest.content)) return toDocument(document, versions);
    const [inserted] = await tx
      .insert(documentVersions)
      .values({
        documentId,
        version: latest.version + 1,
        kind: 'edit',
        status: 'ready',
        content,
        provenance: latest.provenance,
        finishedAt: new Date(),
      })
      .returning();
    return toDocument(document, [inserted!, ...versions]);
  });
}
