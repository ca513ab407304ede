import type { TAnamnesisVersion } from '@escriba/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { DialogShell } from '../../../../components/ui/dialog';
import { Icon } from '../../../../components/ui/icon';
import { readApiError } from '../../../../lib/api-error';
import { cn } from '../../../../lib/cn';
import { overlays, type OverlayProps } from '../../../../lib/overlays';
import { saveAnamnesisEdits } from '../../api/anamnesis';
import { unverifiedStatements } from './note-state';
import { storeSavedVersion } from './use-note-edits';

/** What the professional chose: go on with the action (nothing left to confirm), or edit a field. */
export type StatementReview = { type: 'proceed' } | { type: 'edit'; fieldId: string } | undefined;

interface StatementReviewProps {
  consultationId: string;
  note: TAnamnesisVersion;
  /** The action waiting for the review: "Copiar para o prontuário", "Imprimir", "Abrir PDF", "Assinar PDF". */
  actionLabel: string;
  /** Why she cannot confirm now (a concluded consultation, edits not saved); undefined when she can. */
  blocked?: string;
}

const keyOf = (fieldId: string, index: number) => `${fieldId}:${index}`;

/**
 * Her confirmations are gathered here and saved together, in one PUT (`confirmations`), when she goes on, goes back
 * or chooses to edit a field: a review is one version of the note, not one per sentence (issue 31 §2).
 */
function StatementReviewDialog({
  consultationId,
  note,
  actionLabel,
  blocked,
  close,
}: StatementReviewProps & OverlayProps<StatementReview>) {
  const queryClient = useQueryClient();
  const [confirmed, setConfirmed] = useState<ReadonlySet<string>>(new Set());
  const [isSaving, setIsSaving] = useState(false);
  const [problem, setProblem] = useState<string>();
  const pending = unverifiedStatements(note.fields);
  const left = pending.filter(({ fieldId, index }) => !confirmed.has(keyOf(fieldId, index)));
  const toggle = (key: string) =>
    setConfirmed((current) => {
      const next = new Set(current);
      if (!next.delete(key)) next.add(key);
      return next;
    });

  /** Saves what she confirmed as one version; false (with the reason shown) when the note could not take it. */
  const saveConfirmations = async (): Promise<boolean> => {
    if (confirmed.size === 0) return true;
    setIsSaving(true);
    setProblem(undefined);
    try {
      const confirmations = pending
        .filter(({ fieldId, index }) => confirmed.has(keyOf(fieldId, index)))
        .map(({ fieldId, index }) => ({ field_id: fieldId, index }));
      const saved = await saveAnamnesisEdits(consultationId, { base_version: note.version, confirmations });
      storeSavedVersion(queryClient, consultationId, saved);
      return true;
    } catch (error) {
      const { status, message } = readApiError(error);
      setProblem(
        status === 409 ? 'A nota mudou em outra aba. Feche esta janela e revise a versão mais nova.' : message,
      );
      return false;
    } finally {
      setIsSaving(false);
    }
  };
  const closeWith = async (review: StatementReview) => {
    if (await saveConfirmations()) close(review);
  };

  return (
    <DialogShell
      title="Revise antes de continuar"
      description={
        left.length > 0
          ? `O assistente escreveu ${pending.length === 1 ? 'uma frase que não foi encontrada' : `${pending.length} frases que não foram encontradas`} nas fontes citadas. Confirme cada uma como está ou edite o campo.`
          : 'Todas as frases confirmadas: ao continuar, sua revisão é salva numa só versão da nota.'
      }
      size="lg"
      onClose={() => void closeWith(undefined)}
      footer={
        <>
          <Button variant="secondary" disabled={isSaving} onClick={() => void closeWith(undefined)}>
            Voltar
          </Button>
          <Button disabled={left.length > 0} isLoading={isSaving} onClick={() => void closeWith({ type: 'proceed' })}>
            {actionLabel}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-3">
        {blocked && <Alert tone="info">{blocked}</Alert>}
        {problem && <Alert tone="error">{problem}</Alert>}
        {left.length > 1 && (
          <Button
            size="sm"
            variant="secondary"
            className="self-start"
            disabled={Boolean(blocked) || isSaving}
            onClick={() => setConfirmed(new Set(pending.map(({ fieldId, index }) => keyOf(fieldId, index))))}
          >
            <Icon name="circle-check" className="size-4" /> Confirmar todas
          </Button>
        )}
        <ul className="flex flex-col gap-2.5" aria-label="Frases não confirmadas nas fontes">
          {pending.map(({ fieldId, title, index, statement }) => {
            const key = keyOf(fieldId, index);
            const isConfirmed = confirmed.has(key);
            return (
              <li
                key={key}
                className={cn(
                  'flex flex-col gap-1.5 rounded-lg border p-3',
                  isConfirmed ? 'border-success/40 bg-success/5' : 'border-danger/30 bg-danger/5',
                )}
                data-testid="statement-to-review"
                data-confirmed={isConfirmed}
              >
                <span className="text-xs font-semibold text-muted">{title}</span>
                <p className="text-[15px]">“{statement.text}”</p>
                {isConfirmed ? (
                  <p className="flex items-center gap-1.5 text-xs font-medium text-success">
                    <Icon name="circle-check" className="size-3.5" /> Confirmada por você
                  </p>
                ) : (
                  <p className="text-xs text-danger">{statement.reason}</p>
                )}
                <div className="flex flex-wrap gap-2 pt-1">
                  <Button
                    size="sm"
                    variant={isConfirmed ? 'secondary' : 'primary'}
                    disabled={Boolean(blocked) || isSaving}
                    onClick={() => toggle(key)}
                  >
                    {isConfirmed ? (
                      'Desfazer'
                    ) : (
                      <>
                        <Icon name="circle-check" className="size-4" /> Confirmar
                      </>
                    )}
                  </Button>
                  <Button
                    size="sm"
                    variant="secondary"
                    disabled={Boolean(blocked) || isSaving}
                    onClick={() => void closeWith({ type: 'edit', fieldId })}
                  >
                    <Icon name="pencil" className="size-4" /> Editar
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
        <p className="text-xs text-muted">
          Ao confirmar, você atesta a frase como está; a confirmação fica registrada na proveniência da nota com seu
          nome e a hora.
        </p>
      </div>
    </DialogShell>
  );
}

overlays.register('statement-review', StatementReviewDialog);

/** Asks the professional to confirm or edit the statements not found in their sources before `actionLabel`. */
export function reviewStatements(props: StatementReviewProps): Promise<StatementReview> {
  return overlays.open<StatementReview>('statement-review', { ...props });
}
