import {
  EVIDENCE_TEXT_MAX_LENGTH,
  type TEvidenceDetail,
  type TEvidencePage,
  type TUnsureWord,
} from '@escriba/contract';
import type { ReactNode } from 'react';
import { Alert } from '../../../../components/ui/alert';
import { Icon } from '../../../../components/ui/icon';
import { readApiError } from '../../../../lib/api-error';
import { useCorrectEvidenceText } from '../../api/correct-evidence-text';
import { InlineEdit } from '../inline-edit';
import { MarkedText, MarkLegend } from './marked-text';

interface EvidenceTextProps {
  consultationId: string;
  evidence: TEvidenceDetail;
  /** Offers "Editar" on the text (a PDF's on each page), saved as a correction. */
  canCorrect: boolean;
}

/** What was read from the file: per page for a PDF, saying which pages OCR read; or why nothing was. */
export function EvidenceText({ consultationId, evidence, canCorrect }: EvidenceTextProps) {
  const correct = useCorrectEvidenceText(consultationId, evidence.id);
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
  // The unsure words of a block: a page's, or the whole text's for a file without pages.
  const unsureWordsOf = (page?: number) => evidence.unsure_words.filter((word) => word.page === (page ?? null));
  const save = (page?: number) => async (text: string | null) => {
    if (!text) return 'Informe o texto';
    try {
      await correct.mutateAsync({ text, page });
      return undefined;
    } catch (error) {
      return readApiError(error).message;
    }
  };
  return (
    <ReadText
      text={evidence.text ?? ''}
      pages={evidence.pages}
      renderBlock={(text, label, page) => (
        <InlineEdit
          label={label}
          value={text}
          isMultiline
          rows={10}
          maxLength={EVIDENCE_TEXT_MAX_LENGTH}
          isSaving={correct.isPending}
          isReadOnly={!canCorrect}
          onSave={save(page)}
          renderValue={(value) =>
            value?.trim() ? <TextBlock text={value} unsureWords={unsureWordsOf(page)} /> : <EmptyText page={page} />
          }
        />
      )}
    />
  );
}

/** The text as the file was read, before the professional's correction. */
export function OriginalText({ text, pages }: { text: string; pages: TEvidencePage[] | null }) {
  return (
    <ReadText
      text={text}
      pages={pages}
      renderBlock={(value, _label, page) => (value.trim() ? <TextBlock text={value} /> : <EmptyText page={page} />)}
    />
  );
}

interface ReadTextProps {
  text: string;
  pages: TEvidencePage[] | null;
  renderBlock: (text: string, label: string, page?: number) => ReactNode;
}

function ReadText({ text, pages, renderBlock }: ReadTextProps) {
  // Every page, so a blank page (a photo, a signature) is seen as such, and each is corrected as itself.
  if (pages?.length) {
    return (
      <div className="flex flex-col gap-4">
        {pages.map((page) => (
          <section key={page.page} aria-labelledby={`evidence-page-${page.page}`}>
            <h4 id={`evidence-page-${page.page}`} className="mb-1 text-xs font-semibold text-muted">
              Página {page.page}
              {page.ocr && ' (lida por OCR)'}
            </h4>
            {renderBlock(page.text, `Página ${page.page}`, page.page)}
          </section>
        ))}
      </div>
    );
  }
  return renderBlock(text, 'Texto do arquivo');
}

function EmptyText({ page }: { page?: number }) {
  return (
    <p className="text-sm text-muted">
      {page === undefined ? 'Nenhum texto encontrado neste arquivo.' : 'Nenhum texto nesta página.'}
    </p>
  );
}

function TextBlock({ text, unsureWords = [] }: { text: string; unsureWords?: readonly TUnsureWord[] }) {
  return (
    <>
      <MarkLegend words={unsureWords} />
      <p
        className="rounded-lg bg-subtle px-3 py-2.5 font-mono text-[13px] leading-relaxed whitespace-pre-wrap"
        data-testid="evidence-text"
      >
        <MarkedText text={text} words={unsureWords} />
      </p>
    </>
  );
}
