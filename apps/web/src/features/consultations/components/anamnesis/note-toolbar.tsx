import type { TAnamnesisVersion, TConsultation } from '@escriba/contract';
import { useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { Icon } from '../../../../components/ui/icon';
import { inputClasses } from '../../../../components/ui/text-field';
import { cn } from '../../../../lib/cn';
import { useRefreshIssued } from '../../api/issued-documents';
import { notePdfUrl, signNotePdf } from '../../api/note-pdf';
import { copyToClipboard } from '../clipboard';
import { issueAndDownload } from '../issue-pdf';
import { IssuedAddresses } from '../issued-addresses';
import { PdfActions } from '../pdf-actions';
import { printSheet } from '../print-sheet';
import { fileDate, signPdf } from '../sign-pdf-dialog';
import { readCopyChoice, saveCopyChoice } from './copy-choice';
import { COPY_FORMAT_LABELS, noteCopy, type CopiedField, type CopyChoice } from './copy-formats';
import { chooseNoteCopy } from './copy-note-dialog';
import { unverifiedStatements } from './note-state';
import { NOTE_PRINT_ID } from './printable-note';
import { reviewStatements } from './statement-review-dialog';
import { useNoteLetterhead } from './use-note-letterhead';
import { versionLabel } from './version-label';

const COPY_ACTION = 'Copiar para o prontuário';

interface NoteToolbarProps {
  versions: TAnamnesisVersion[];
  viewed: TAnamnesisVersion;
  onView: (versionId: string) => void;
  fields: CopiedField[];
  consultation: TConsultation;
  /** Fields being edited and not saved: the PDF, made on the server, would not carry them yet. */
  hasDrafts: boolean;
  /** The review step chose to edit this field. */
  onEditField: (fieldId: string) => void;
}

/**
 * The whole note: which version is shown (the history), "Copiar para o prontuário" (in the format last chosen,
 * or another) and "Imprimir / salvar PDF", both headed by who wrote it and for whom (they wait the moment it takes to know the professional who signs),
 * and the server's PDF of the current note, plain or signed with the A1 certificate.
 */
export function NoteToolbar({
  versions,
  viewed,
  onView,
  fields,
  consultation,
  hasDrafts,
  onEditField,
}: NoteToolbarProps) {
  const letterhead = useNoteLetterhead(consultation);
  const [copyChoice, setCopyChoice] = useState(readCopyChoice);
  const refreshIssued = useRefreshIssued(consultation.id);
  // The server prints the latest saved version: offered while that is what the page shows.
  const pdfBlocked =
    viewed.id !== versions[0]?.id
      ? 'O PDF traz a versão mais recente: volte a ela para gerá-lo.'
      : hasDrafts
        ? 'Salve as edições para gerar o PDF com elas.'
        : undefined;
  // The latest note leaves the page (copied, printed, as a PDF) once she confirmed or edited what the check flagged.
  const isLatest = viewed.id === versions[0]?.id;
  const pending = isLatest ? unverifiedStatements(viewed.fields).length : 0;
  const afterReview = (actionLabel: string, run: () => void) => async () => {
    if (pending === 0) return run();
    const review = await reviewStatements({
      consultationId: consultation.id,
      note: viewed,
      actionLabel,
      blocked:
        consultation.status === 'done'
          ? 'Consulta concluída: reabra a consulta para confirmar ou editar estas frases.'
          : hasDrafts
            ? 'Salve ou cancele as edições abertas antes de confirmar.'
            : undefined,
    });
    if (review?.type === 'proceed') run();
    if (review?.type === 'edit') onEditField(review.fieldId);
  };
  const copyAs = (choice: CopyChoice) =>
    letterhead && void copyToClipboard(noteCopy(letterhead, fields, choice), 'Texto da anamnese');
  const chooseAndCopy = async () => {
    if (!letterhead) return;
    const chosen = await chooseNoteCopy({ letterhead, fields, choice: copyChoice });
    if (!chosen) return;
    saveCopyChoice(chosen);
    setCopyChoice(chosen);
    copyAs(chosen);
  };
  const sign = () =>
    void signPdf({
      title: 'Assinar a anamnese',
      description: 'A nota atual em PDF, assinada com o seu certificado digital.',
      fileName: `anamnese-assinada-${fileDate()}.pdf`,
      sign: (signWith) => signNotePdf(consultation.id, signWith),
    }).then(refreshIssued);
  const issue = () =>
    void issueAndDownload(
      `/user/consultations/${consultation.id}/anamnesis/pdf/issued`,
      `anamnese-${fileDate()}.pdf`,
      () => void refreshIssued(),
    );
  const href = notePdfUrl(consultation.id);
  return (
    <div className="flex flex-col gap-2">
      <label className="sr-only" htmlFor="anamnesis-version">
        Versão da anamnese
      </label>
      <select
        id="anamnesis-version"
        value={viewed.id}
        onChange={(event) => onView(event.target.value)}
        className={cn(inputClasses, 'h-9 py-0 pr-8 text-sm')}
      >
        {versions.map((version) => (
          <option key={version.id} value={version.id}>
            {versionLabel(version)}
          </option>
        ))}
      </select>
      <div className="flex flex-wrap gap-2">
        <div className="flex">
          <Button
            size="sm"
            variant="secondary"
            className="rounded-r-none"
            disabled={!letterhead}
            title={`Formato: ${COPY_FORMAT_LABELS[copyChoice.format]}`}
            onClick={() => void afterReview(COPY_ACTION, () => copyAs(copyChoice))()}
          >
            <Icon name="copy" className="size-4" /> {COPY_ACTION}
          </Button>
          <Button
            size="sm"
            variant="secondary"
            className="rounded-l-none border-l border-line px-2"
            disabled={!letterhead}
            aria-label="Escolher o formato da cópia"
            title="Escolher o formato da cópia"
            onClick={() => void afterReview(COPY_ACTION, () => void chooseAndCopy())()}
          >
            <Icon name="chevron-down" className="size-4" />
          </Button>
        </div>
        <Button
          size="sm"
          variant="secondary"
          disabled={!letterhead}
          onClick={() => void afterReview('Imprimir', () => printSheet(NOTE_PRINT_ID))()}
        >
          <Icon name="printer" className="size-4" /> Imprimir / salvar PDF
        </Button>
        <PdfActions
          href={href}
          blocked={pdfBlocked}
          onOpen={
            pending > 0
              ? () => void afterReview('Abrir PDF', () => window.open(href, '_blank', 'noopener,noreferrer'))()
              : undefined
          }
          onIssue={() => void afterReview('Emitir PDF', issue)()}
          onSign={() => void afterReview('Assinar PDF', sign)()}
        />
      </div>
      {pdfBlocked && <p className="text-xs text-muted">{pdfBlocked}</p>}
      <IssuedAddresses consultationId={consultation.id} of="anamnesis" />
    </div>
  );
}
