import { aiDisclosure, isUnverified, type TDocumentStatements, type TPrescriptionItem } from '@escriba/contract';
import { documentSignatures, type UserRow } from '../../../db/schema/index';
import { AppError } from '../../../platform/errors';
import type { App } from '../../../platform/services';
import { issueDocumentPdf, type PdfIssuing } from '../../pdfs/issue-document-pdf';
import { checkReceita, notificationLetters } from '../../prescriptions/check-receita';
import { statementsOf } from '../document-statements';
import { ownDocument, versionsOf } from '../document-store';
import { documentLayout } from './document-layout';

/**
 * GET …/documents/{documentId}/pdf, POST …/pdf/issued and …/pdf/signed: the document's latest version laid out for its
 * kind, closed by the line on the AI's part, which names her as its reviewer only once she reviewed it; 404 for
 * another professional's, 409 while it is generated, when its generation failed, while a statement is unverified
 * (nothing is signed), and when issuing or signing a receita that needs a Notificação de Receita. A signed one is kept
 * with its certificate's holder and issuer, for the document's card.
 */
export async function documentPdf(
  app: App,
  user: UserRow,
  consultationId: string,
  documentId: string,
  issuing?: PdfIssuing,
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
  assertReviewed(statementsOf(document.kind, latest));
  if (issuing && 'type' in latest.content) assertIssuable(latest.content.items);
  const isReviewed = Boolean(latest.provenance.reviewed);
  const { write, ...layout } = documentLayout(document.kind, latest.content);
  const pdf = await issueDocumentPdf(app, {
    user,
    consultationId,
    kind: document.kind,
    record: { documentId, version: latest.version },
    ...layout,
    write: (body, author, consultation) => {
      write(body, consultation);
      body.space(14);
      body.note(aiDisclosure(author, isReviewed));
    },
    issuing,
    onSigned: async (certificate, signedAt) => {
      await app.db.insert(documentSignatures).values({
        documentId,
        version: latest.version,
        holderName: certificate.holderName,
        issuer: certificate.issuer,
        icpBrasil: certificate.icpBrasil,
        signedAt,
      });
    },
  });
  return { pdf, kind: document.kind };
}

/**
 * A receita with a medication of lists A or B is dispensed on the health authority's numbered Notificação de Receita,
 * which Escriba cannot issue: neither issued nor signed here, it is printed from the preview to go with the notificação.
 */
function assertIssuable(items: TPrescriptionItem[]): void {
  const check = checkReceita(items);
  if (check.type !== 'notificacao') return;
  const listed = check.items
    .filter((item) => item.list && /^[AB]/.test(item.list))
    .map((item) => `${item.substances.join(' + ')} (lista ${item.list})`);
  throw new AppError(
    'conflict',
    `Esta receita requer Notificação de Receita ${notificationLetters(check.items)} numerada pela vigilância sanitária (${listed.join(', ')}): o Escriba não a emite nem assina digitalmente. Imprima a receita pela prévia do PDF, sem assinatura digital, para acompanhar a notificação.`,
  );
}

/** A document leaves the page only once every statement the check could not find in its sources is confirmed or edited. */
function assertReviewed(statements: TDocumentStatements): void {
  const unverified = Object.values(statements).flat().filter(isUnverified).length;
  if (unverified === 0) return;
  const count = unverified === 1 ? '1 frase não confirmada' : `${unverified} frases não confirmadas`;
  throw new AppError(
    'conflict',
    `O documento tem ${count} nas fontes: confirme ou edite antes de gerar o PDF (PUT do documento com confirmations).`,
  );
}
