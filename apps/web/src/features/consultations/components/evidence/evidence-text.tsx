import type { TEvidenceDetail } from '@escriba/contract';
import { Alert } from '../../../../components/ui/alert';
import { Icon } from '../../../../components/ui/icon';

/** What was read from the file: per page for a PDF, saying which pages OCR read; or why nothing was. */
export function EvidenceText({ evidence }: { evidence: TEvidenceDetail }) {
  switch (evidence.status) {
    case 'pending':
    case 'reading':
      return (
        <p className="flex items-center gap-2 text-sm text-muted">
          <Icon name="loader-circle" className="size-4 animate-spin" />
          {evidence.status === 'pending' ? 'Na fila para leitura.' : 'Lendo o arquivo…'} O texto aparece aqui assim que
          a leitura terminar.
        </p>
      );
    case 'unreadable':
      return (
        <Alert tone="warning">
          Não foi possível ler o texto deste arquivo{evidence.reason ? `: ${evidence.reason}` : '.'} O original continua
          guardado e pode ser aberto.
        </Alert>
      );
    case 'ready':
      break;
  }
  const pages = evidence.pages ?? [];
  // Every page once one has text, so a blank page (a photo, a signature) is seen as such, not lost.
  if (pages.some((page) => page.text.trim())) {
    return (
      <div className="flex flex-col gap-4">
        {pages.map((page) => (
          <section key={page.page} aria-labelledby={`evidence-page-${page.page}`}>
            <h4 id={`evidence-page-${page.page}`} className="mb-1 text-xs font-semibold text-muted">
              Página {page.page}
              {page.ocr && ' (lida por OCR)'}
            </h4>
            {page.text.trim() ? (
              <TextBlock text={page.text} />
            ) : (
              <p className="text-sm text-muted">Nenhum texto nesta página.</p>
            )}
          </section>
        ))}
      </div>
    );
  }
  if (!evidence.text?.trim()) return <p className="text-sm text-muted">Nenhum texto encontrado neste arquivo.</p>;
  return <TextBlock text={evidence.text} />;
}

function TextBlock({ text }: { text: string }) {
  return (
    <p
      className="rounded-lg bg-subtle px-3 py-2.5 font-mono text-[13px] leading-relaxed whitespace-pre-wrap"
      data-testid="evidence-text"
    >
      {text}
    </p>
  );
}
