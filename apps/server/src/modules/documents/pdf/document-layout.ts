import type { TConsultation, TDocumentContent, TDocumentContents, TDocumentKind } from '@escriba/contract';
import type { BodyRenderer, DocumentBody } from '../../../platform/pdf/clinical-document';
import { atestadoLayout } from './atestado-layout';
import { encaminhamentoLayout } from './encaminhamento-layout';
import { examesLayout } from './exames-layout';
import { orientacoesLayout } from './orientacoes-layout';
import { receitaLayout } from './receita-layout';
import { relatorioLayout } from './relatorio-layout';

/** How a document's content is printed: its title, its copies, its body and what follows the signature. */
export interface DocumentLayout {
  title: string;
  subtitle?: string;
  copies?: string[];
  write: (body: DocumentBody, consultation: TConsultation) => void;
  closing?: BodyRenderer;
}

const LAYOUTS: { [K in TDocumentKind]: (content: TDocumentContents[K]) => DocumentLayout } = {
  receita: receitaLayout,
  atestado: atestadoLayout,
  exames: examesLayout,
  encaminhamento: encaminhamentoLayout,
  orientacoes: orientacoesLayout,
  relatorio: relatorioLayout,
};

/** The layout of a document of `kind`, whose content follows that kind's schema. */
export function documentLayout(kind: TDocumentKind, content: TDocumentContent): DocumentLayout {
  return (LAYOUTS[kind] as (content: TDocumentContent) => DocumentLayout)(content);
}
