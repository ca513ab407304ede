import type { TAnamnesisVersion, TConsultation } from '@escriba/contract';
import { Button } from '../../../../components/ui/button';
import { Icon } from '../../../../components/ui/icon';
import { inputClasses } from '../../../../components/ui/text-field';
import { cn } from '../../../../lib/cn';
import { copyToClipboard } from '../clipboard';
import { printSheet } from '../print-sheet';
import { noteDocumentText } from './plain-text';
import { NOTE_PRINT_ID } from './printable-note';
import { useNoteLetterhead } from './use-note-letterhead';
import { versionLabel } from './version-label';

interface NoteToolbarProps {
  versions: TAnamnesisVersion[];
  viewed: TAnamnesisVersion;
  onView: (versionId: string) => void;
  fields: { title: string; text: string }[];
  consultation: TConsultation;
}

/**
 * The whole note: which version is shown (the history), "Copiar tudo" and "Imprimir / salvar PDF", both
 * headed by who wrote it and for whom (they wait the moment it takes to know the professional who signs).
 */
export function NoteToolbar({ versions, viewed, onView, fields, consultation }: NoteToolbarProps) {
  const letterhead = useNoteLetterhead(consultation);
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
        <Button
          size="sm"
          variant="secondary"
          disabled={!letterhead}
          onClick={() => letterhead && void copyToClipboard(noteDocumentText(letterhead, fields), 'Texto da anamnese')}
        >
          <Icon name="copy" className="size-4" /> Copiar tudo
        </Button>
        <Button size="sm" variant="secondary" disabled={!letterhead} onClick={() => printSheet(NOTE_PRINT_ID)}>
          <Icon name="printer" className="size-4" /> Imprimir / salvar PDF
        </Button>
      </div>
    </div>
  );
}
