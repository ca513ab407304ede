import type { TAdminPersona } from '@escriba/contract';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ConfirmDeleteButton } from '../../../components/ui/confirm-delete-button';
import { Icon } from '../../../components/ui/icon';
import { readApiError } from '../../../lib/api-error';
import { toasts } from '../../../lib/toast-store';
import { useDeletePersona, useSetDefaultPersona } from './api/personas-api';

interface PersonaCardProps {
  persona: TAdminPersona;
  onEdit: () => void;
}

/** One persona: its texts, whether it is the default, and what can be done with it. */
export function PersonaCard({ persona, onEdit }: PersonaCardProps) {
  const setDefault = useSetDefaultPersona();
  const deletion = useDeletePersona();
  const failure = setDefault.error ?? deletion.error;

  const deletePersona = () =>
    deletion.mutate(persona.id, {
      onSuccess: () => toasts.add({ title: 'Persona excluída', description: persona.name, color: 'success' }),
    });

  return (
    <li
      aria-label={persona.name}
      className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-5 shadow-sm"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="text-lg font-semibold">{persona.name}</h2>
            {persona.is_default && (
              <Badge tone="accent">
                <Icon name="star" className="size-3.5" /> Padrão
              </Badge>
            )}
            {persona.seeded && <Badge>Vem com o Escriba</Badge>}
          </div>
          {persona.description && <p className="mt-1 text-muted">{persona.description}</p>}
        </div>
        <div className="flex flex-wrap gap-2">
          {!persona.is_default && (
            <Button
              variant="secondary"
              size="sm"
              isLoading={setDefault.isPending}
              onClick={() => {
                deletion.reset();
                setDefault.mutate(persona.id, {
                  onSuccess: () =>
                    toasts.add({ title: 'Persona padrão alterada', description: persona.name, color: 'success' }),
                });
              }}
            >
              {!setDefault.isPending && <Icon name="star" className="size-4" />} Tornar padrão
            </Button>
          )}
          <Button variant="secondary" size="sm" onClick={onEdit}>
            <Icon name="pencil" className="size-4" /> Editar
          </Button>
          <ConfirmDeleteButton
            confirmation={{
              title: `Excluir a persona ${persona.name}?`,
              description: 'As anamneses já escritas com ela guardam o nome dela. Esta ação não pode ser desfeita.',
            }}
            isDeleting={deletion.isPending}
            onAsk={setDefault.reset}
            onConfirm={deletePersona}
          >
            Excluir
          </ConfirmDeleteButton>
        </div>
      </div>
      <details className="group">
        <summary className="cursor-pointer text-sm font-medium text-accent-ink">Ver instruções</summary>
        <p className="mt-2 rounded-lg bg-subtle p-3 text-sm whitespace-pre-wrap">{persona.instructions}</p>
      </details>
      {failure && <Alert tone="error">{readApiError(failure).message}</Alert>}
    </li>
  );
}
