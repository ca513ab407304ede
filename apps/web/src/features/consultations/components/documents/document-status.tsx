import type { TDocumentSummary } from '@escriba/contract';
import { Badge } from '../../../../components/ui/badge';

/** Where a document stands: being written, failed (its credit returned), ready, or edited into a later version. */
export function DocumentStatus({ document }: { document: Pick<TDocumentSummary, 'status' | 'version'> }) {
  switch (document.status) {
    case 'generating':
      return (
        <Badge tone="accent" hasDot className="animate-pulse">
          Gerando
        </Badge>
      );
    case 'failed':
      return <Badge tone="danger">Não gerado · crédito devolvido</Badge>;
    case 'ready':
      return document.version > 1 ? (
        <Badge tone="success">Editado · versão {document.version}</Badge>
      ) : (
        <Badge tone="success">Pronto para revisar</Badge>
      );
  }
}
