import type { TAnamnesisVersion } from '@escriba/contract';
import { Button } from '../../../../components/ui/button';
import { Icon } from '../../../../components/ui/icon';
import { inputClasses } from '../../../../components/ui/text-field';
import { cn } from '../../../../lib/cn';
import { copyToClipboard } from './clipboard';
import { notePlainText } from './plain-text';
import { versionLabel } from './version-label';

interface NoteToolbarProps {
  versions: TAnamnesisVersion[];
  viewed: TAnamnesisVersion;
  onView: (versionId: string) => void;
  fields: { title: string; text: string }[];
}

/** The whole note: which version is shown (the history), "Copiar tudo" and "Imprimir / salvar PDF". */
export function NoteToolbar({ versions, viewed, onView, fields }: NoteToolbarProps) {
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
          onClick={() => void copyToClipboard(notePlainText(fields), 'Texto da anamnese')}
        >
          <Icon name="copy" className="size-4" /> Copiar tudo
        </Button>
        <Button size="sm" variant="secondary" onClick={() => window.print()}>
          <Icon name="printer" className="size-4" /> Imprimir / salvar PDF
        </Button>
      </div>
    </div>
  );
}
