import type { TAdminPersona } from '@escriba/contract';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Icon } from '../../../components/ui/icon';
import { SelectField } from '../../../components/ui/select-field';
import { readApiError } from '../../../lib/api-error';
import type { CommonData } from '../../../lib/common-data';
import { toasts } from '../../../lib/toast-store';
import { useSetPersonaSpecializations } from './api/personas-api';

interface PersonaSpecializationsProps {
  persona: TAdminPersona;
  /** Every persona, to name the one that holds a specialization now. */
  personas: TAdminPersona[];
  common: CommonData | undefined;
}

/** The specializations whose professionals get this persona instead of the default one. */
export function PersonaSpecializations({ persona, personas, common }: PersonaSpecializationsProps) {
  const change = useSetPersonaSpecializations();
  const [selected, setSelected] = useState('');
  const specializations = common?.specializations ?? [];
  const nameOf = (id: number) => specializations.find((item) => item.id === id)?.name ?? `Especialidade ${id}`;
  const holderOf = (id: number) => personas.find((other) => other.specialization_ids.includes(id));
  const mine = new Set(persona.specialization_ids);
  const titleId = `persona-${persona.id}-specializations`;

  const save = (specializationIds: number[], done: string) =>
    change.mutate(
      { id: persona.id, specializationIds },
      {
        onSuccess: () => {
          setSelected('');
          toasts.add({ title: done, description: persona.name, color: 'success' });
        },
      },
    );
  const add = () => {
    const id = Number(selected);
    if (id) save([...persona.specialization_ids, id], `${nameOf(id)} passa a usar esta persona`);
  };

  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-3 rounded-xl bg-subtle p-4">
      <div>
        <h3 id={titleId} className="font-medium">
          Persona das especialidades
        </h3>
        <p className="text-sm text-muted">
          Profissionais destas especialidades recebem as anamneses escritas com esta persona, no lugar da padrão.
        </p>
      </div>
      <ul className="flex flex-wrap gap-2" aria-label={`Especialidades de ${persona.name}`}>
        {persona.specialization_ids.map((id) => (
          <li
            key={id}
            className="flex items-center gap-1 rounded-full border border-line bg-surface py-1 pr-1 pl-3 text-sm font-medium"
          >
            {nameOf(id)}
            <button
              type="button"
              className="rounded-full p-1 text-muted hover:bg-subtle hover:text-danger"
              aria-label={`Retirar ${nameOf(id)}`}
              disabled={change.isPending}
              onClick={() =>
                save(
                  persona.specialization_ids.filter((other) => other !== id),
                  `${nameOf(id)} volta à persona padrão`,
                )
              }
            >
              <Icon name="x" className="size-3.5" />
            </button>
          </li>
        ))}
        {persona.specialization_ids.length === 0 && (
          <li className="text-sm text-muted">Nenhuma: vale a persona padrão para todos.</li>
        )}
      </ul>
      <div className="flex flex-wrap items-end gap-3">
        <SelectField
          label="Adicionar especialidade"
          className="min-w-0 flex-1 basis-64"
          value={selected}
          disabled={!common}
          onChange={(event) => setSelected(event.target.value)}
        >
          <option value="">Selecione</option>
          {(common?.licenseTypes ?? []).map((type) => (
            <optgroup key={type.id} label={`${type.profession} (${type.code})`}>
              {specializations
                .filter((item) => item.license_type_id === type.id && !mine.has(item.id))
                .map((item) => {
                  const holder = holderOf(item.id);
                  return (
                    <option key={item.id} value={item.id}>
                      {holder ? `${item.name} (hoje com ${holder.name})` : item.name}
                    </option>
                  );
                })}
            </optgroup>
          ))}
        </SelectField>
        <Button variant="secondary" onClick={add} disabled={!selected} isLoading={change.isPending}>
          Adicionar
        </Button>
      </div>
      {change.error && <Alert tone="error">{readApiError(change.error).message}</Alert>}
    </section>
  );
}
