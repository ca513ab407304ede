import type { TDocumentContent, TDocumentKind, TPrescriptionCheck } from '@escriba/contract';
import { AtestadoBody } from './kinds/atestado-body';
import { EncaminhamentoBody } from './kinds/encaminhamento-body';
import { ExamesBody } from './kinds/exames-body';
import { OrientacoesBody } from './kinds/orientacoes-body';
import { ReceitaBody } from './kinds/receita-body';
import { RelatorioBody } from './kinds/relatorio-body';

/** A content so far: the stored one, or the properties that arrived while it is written. */
export type ShownContent = Partial<Record<string, unknown>>;

interface DocumentBodyProps {
  kind: TDocumentKind;
  documentId: string;
  content: ShownContent;
  /** An atestado asked with the patient's authorisation for the CID. */
  includeCid: boolean;
  /** A receita's saved lines checked against the lists (null for other kinds, and while it is written). */
  prescription: TPrescriptionCheck | null;
  isEditing: boolean;
  onChange: (content: TDocumentContent) => void;
}

/**
 * The document laid out by its kind. Its properties are the server's (stored, or sent live as they were checked
 * against the kind's contract), so each layout reads them as its kind's.
 */
export function DocumentBody({
  kind,
  documentId,
  content,
  includeCid,
  prescription,
  isEditing,
  onChange,
}: DocumentBodyProps) {
  const common = { documentId, isEditing, onChange };
  switch (kind) {
    case 'receita':
      return <ReceitaBody {...common} content={content} prescription={prescription} />;
    case 'atestado':
      return <AtestadoBody {...common} content={content} includeCid={includeCid} />;
    case 'exames':
      return <ExamesBody {...common} content={content} />;
    case 'encaminhamento':
      return <EncaminhamentoBody {...common} content={content} />;
    case 'orientacoes':
      return <OrientacoesBody {...common} content={content} />;
    case 'relatorio':
      return <RelatorioBody {...common} content={content} />;
  }
}
