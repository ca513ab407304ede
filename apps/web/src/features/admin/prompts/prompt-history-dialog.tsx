import type { TAdminPrompt } from '@escriba/contract';
import { useState } from 'react';
import { DialogShell } from '../../../components/ui/dialog';
import { SelectField } from '../../../components/ui/select-field';
import { formatDateTime } from '../../../lib/format';
import { VersionDiff } from './version-diff';
import { formatCount } from '../../../lib/plural';

interface PromptHistoryDialogProps {
  prompt: TAdminPrompt;
  onClose: () => void;
}

/** Every version of a prompt, and the lines that changed between any two of them. */
export function PromptHistoryDialog({ prompt, onClose }: PromptHistoryDialogProps) {
  const versions = prompt.versions;
  const latest = versions.at(-1)?.version ?? prompt.version;
  const [from, setFrom] = useState(versions.at(-2)?.version ?? latest);
  const [to, setTo] = useState(latest);
  const textOf = (version: number) => versions.find((item) => item.version === version)?.text ?? '';
  const options = versions.map((item) => (
    <option key={item.version} value={item.version}>
      Versão {item.version}
      {item.version === prompt.version ? ' (atual)' : ''} — {formatDateTime(item.created_at)}
    </option>
  ));

  return (
    <DialogShell
      title={`Histórico de ${prompt.name}`}
      description={`${formatCount(versions.length, 'versão', 'versões')}. As anamneses guardam a versão que usaram.`}
      size="lg"
      onClose={onClose}
    >
      {versions.length < 2 ? (
        <p className="text-muted">Ainda há só a versão {latest}: salve um texto novo para comparar versões.</p>
      ) : (
        <div className="flex flex-col gap-4">
          <div className="grid gap-3 sm:grid-cols-2">
            <SelectField
              label="Comparar a versão"
              value={from}
              onChange={(event) => setFrom(Number(event.target.value))}
            >
              {options}
            </SelectField>
            <SelectField label="Com a versão" value={to} onChange={(event) => setTo(Number(event.target.value))}>
              {options}
            </SelectField>
          </div>
          <VersionDiff
            before={textOf(from)}
            after={textOf(to)}
            label={`Diferenças da versão ${from} para a versão ${to}`}
          />
        </div>
      )}
    </DialogShell>
  );
}
