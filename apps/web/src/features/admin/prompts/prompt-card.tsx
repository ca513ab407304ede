import type { TAdminPrompt } from '@escriba/contract';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ConfirmDeleteButton } from '../../../components/ui/confirm-delete-button';
import { Icon } from '../../../components/ui/icon';
import { readApiError } from '../../../lib/api-error';
import { formatDateTime } from '../../../lib/format';
import { toasts } from '../../../lib/toast-store';
import { useDeletePrompt, useUpdatePrompt } from './api/prompts-api';

interface PromptCardProps {
  prompt: TAdminPrompt;
  onEdit: () => void;
  onHistory: () => void;
}

/** One prompt: whether it is the active one, its current version and text, and what can be done with it. */
export function PromptCard({ prompt, onEdit, onHistory }: PromptCardProps) {
  const activation = useUpdatePrompt();
  const deletion = useDeletePrompt();
  const failure = activation.error ?? deletion.error;

  const activate = () => {
    deletion.reset();
    activation.mutate(
      { id: prompt.id, body: { active: true } },
      { onSuccess: () => toasts.add({ title: 'Prompt ativado', description: prompt.name, color: 'success' }) },
    );
  };

  const deletePrompt = () =>
    deletion.mutate(prompt.id, {
      onSuccess: () => toasts.add({ title: 'Prompt excluído', description: prompt.name, color: 'success' }),
    });

  return (
    <li
      aria-label={prompt.name}
      className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-5 shadow-sm"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="text-lg font-semibold">{prompt.name}</h3>
            {prompt.active && (
              <Badge tone="success" hasDot>
                Ativo
              </Badge>
            )}
            <Badge tone="accent">Versão {prompt.version}</Badge>
            {prompt.seeded && <Badge>Vem com o Escriba</Badge>}
          </div>
          <p className="mt-1 text-sm text-muted">Atualizado em {formatDateTime(prompt.updated_at)}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          {!prompt.active && (
            <Button variant="secondary" size="sm" isLoading={activation.isPending} onClick={activate}>
              {!activation.isPending && <Icon name="circle-check" className="size-4" />} Ativar
            </Button>
          )}
          <Button variant="secondary" size="sm" onClick={onEdit}>
            <Icon name="pencil" className="size-4" /> Editar
          </Button>
          <Button variant="secondary" size="sm" onClick={onHistory}>
            <Icon name="file-text" className="size-4" /> Histórico
          </Button>
          <ConfirmDeleteButton
            confirmation={{
              title: `Excluir o prompt ${prompt.name}?`,
              description: `${prompt.versions.length === 1 ? 'A única versão será excluída' : `Todas as ${prompt.versions.length} versões serão excluídas`}. Esta ação não pode ser desfeita.`,
            }}
            isDeleting={deletion.isPending}
            onAsk={activation.reset}
            onConfirm={deletePrompt}
          >
            Excluir
          </ConfirmDeleteButton>
        </div>
      </div>
      <details>
        <summary className="cursor-pointer text-sm font-medium text-accent-ink">Ver o texto atual</summary>
        <p className="mt-2 max-h-80 overflow-y-auto rounded-lg bg-subtle p-3 font-mono text-[13px] whitespace-pre-wrap">
          {prompt.text}
        </p>
      </details>
      {failure && <Alert tone="error">{readApiError(failure).message}</Alert>}
    </li>
  );
}
