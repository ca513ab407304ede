import type { TAdminPersona } from '@escriba/contract';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ConfirmDeleteButton } from '../../../components/ui/confirm-delete-button';
import { confirmAction } from '../../../components/ui/confirm-dialog';
import { Icon } from '../../../components/ui/icon';
import { readApiError } from '../../../lib/api-error';
import type { CommonData } from '../../../lib/common-data';
import { toasts } from '../../../lib/toast-store';
import { useDeletePersona, useSetDefaultPersona } from './api/personas-api';
import { PersonaSpecializations } from './persona-specializations';

interface PersonaCardProps {
  persona: TAdminPersona;
  /** Every persona: what a new default changes depends on the specializations the others hold. */
  personas: TAdminPersona[];
  common: CommonData | undefined;
  onEdit: () => void;
}

/** One persona: its texts, whether it is the default, its specializations, and what can be done with it. */
export function PersonaCard({ persona, personas, common, onEdit }: PersonaCardProps) {
  const setDefault = useSetDefaultPersona();
  const deletion = useDeletePersona();
  const failure = setDefault.error ?? deletion.error;

  // Every professional without a persona of her specialization gets the new default: ask first, saying so.
  const makeDefault = async () => {
    deletion.reset();
    const withOwn = personas.flatMap((other) => other.specialization_ids).length;
    const isConfirmed = await confirmAction({
      title: `Tornar ${persona.name} a persona padrão?`,
      description:
        'As próximas anamneses de todos os profissionais passam a ser escritas com esta persona' +
        (withOwn > 0
          ? `, exceto as de profissionais das ${withOwn === 1 ? 'especialidade' : `${withOwn} especialidades`} com persona própria.`
          : '.') +
        ' As anamneses já escritas não mudam.',
      confirmLabel: 'Tornar padrão',
    });
    if (!isConfirmed) return;
    setDefault.mutate(persona.id, {
      onSuccess: () => toasts.add({ title: 'Persona padrão alterada', description: persona.name, color: 'success' }),
    });
  };

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
            <Button variant="secondary" size="sm" isLoading={setDefault.isPending} onClick={() => void makeDefault()}>
              {!setDefault.isPending && <Icon name="star" className="size-4" />} Tornar padrão
            </Button>
          )}
          <Button variant="secondary" size="sm" onClick={onEdit}>
            <Icon name="pencil" className="size-4" /> Editar
          </Button>
          <ConfirmDeleteButton
            confirmation={{
              title: `Excluir a persona ${persona.name}?`,
              description:
                'As anamneses já escritas com ela guardam o nome dela. Esta ação não pode ser desfeita.' +
                (persona.specialization_ids.length > 0 ? ' As especialidades dela voltam à persona padrão.' : ''),
            }}
            isDeleting={deletion.isPending}
            onAsk={setDefault.reset}
            onConfirm={deletePersona}
          >
            Excluir
          </ConfirmDeleteButton>
        </div>
      </div>
      <PersonaSpecializations persona={persona} personas={personas} common={common} />
      <details className="group">
        <summary className="cursor-pointer text-sm font-medium text-accent-ink">Ver instruções</summary>
        <p className="mt-2 rounded-lg bg-subtle p-3 text-sm whitespace-pre-wrap">{persona.instructions}</p>
      </details>
      {failure && <Alert tone="error">{readApiError(failure).message}</Alert>}
    </li>
  );
}
