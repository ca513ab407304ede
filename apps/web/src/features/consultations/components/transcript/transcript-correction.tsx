import { useState } from 'react';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { Icon } from '../../../../components/ui/icon';
import { readApiError } from '../../../../lib/api-error';
import { formatDateTime } from '../../../../lib/format';
import { useCorrectTranscript, useTranscriptEvidence } from '../../api/transcript-evidence';

/** After the recording ends: the stored transcript, corrected by the professional as a new version. */
export function TranscriptCorrection({ consultationId, canEdit }: { consultationId: string; canEdit: boolean }) {
  const evidence = useTranscriptEvidence(consultationId, true).data;
  const correct = useCorrectTranscript(consultationId);
  const [draft, setDraft] = useState<string>();
  if (!evidence) return null;
  const original = evidence.versions[0];

  if (draft === undefined) {
    return (
      <div className="flex flex-col gap-2 border-t border-line pt-3">
        {evidence.version > 1 && (
          <section aria-label="Texto corrigido" className="flex flex-col gap-1">
            <h3 className="text-sm font-medium">Texto corrigido</h3>
            <p className="text-sm leading-relaxed whitespace-pre-line">{evidence.text}</p>
          </section>
        )}
        <p className="text-xs text-muted">
          {evidence.version > 1
            ? `Versão ${evidence.version}, corrigida por você. A transcrição original (versão 1${original ? `, de ${formatDateTime(original.created_at)}` : ''}) continua guardada.`
            : 'Transcrição guardada na consulta. Se algo foi mal entendido, corrija; a original fica guardada.'}
        </p>
        {canEdit && (
          <Button variant="secondary" size="sm" className="self-start" onClick={() => setDraft(evidence.text)}>
            <Icon name="pencil" className="size-4" /> Corrigir texto
          </Button>
        )}
      </div>
    );
  }

  return (
    <form
      className="flex flex-col gap-2 border-t border-line pt-3"
      onSubmit={(event) => {
        event.preventDefault();
        correct.mutate(draft, { onSuccess: () => setDraft(undefined) });
      }}
    >
      <label htmlFor={`transcript-text-${consultationId}`} className="text-sm font-medium">
        Texto da transcrição
      </label>
      <textarea
        id={`transcript-text-${consultationId}`}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        rows={10}
        className="w-full rounded-lg border border-line bg-surface p-3 text-sm leading-relaxed"
      />
      <p className="text-xs text-muted">
        Salvar cria a versão {evidence.version + 1}; a transcrição original não é apagada.
      </p>
      {correct.error && <Alert tone="error">{readApiError(correct.error).message}</Alert>}
      <div className="flex gap-2">
        <Button type="submit" size="sm" isLoading={correct.isPending} disabled={!draft.trim()}>
          Salvar correção
        </Button>
        <Button variant="ghost" size="sm" onClick={() => setDraft(undefined)}>
          Cancelar
        </Button>
      </div>
    </form>
  );
}
