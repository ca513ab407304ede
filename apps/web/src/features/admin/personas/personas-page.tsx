import type { TAdminPersona } from '@escriba/contract';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Icon } from '../../../components/ui/icon';
import { useCommonData } from '../../../lib/api/get-common-data';
import { readApiError } from '../../../lib/api-error';
import { usePersonas } from './api/personas-api';
import { PersonaCard } from './persona-card';
import { PersonaFormDialog } from './persona-form-dialog';

/**
 * Spec §7 "Admin": the assistant's personas; a specialization's persona writes its professionals' notes, the default
 * one everybody else's.
 */
export function Component() {
  const personas = usePersonas();
  const common = useCommonData().data;
  // undefined: no form open; null: a new persona.
  const [editing, setEditing] = useState<TAdminPersona | null>();

  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-semibold tracking-tight">Personas</h1>
          <p className="mt-2 text-lg text-muted">
            A voz e as regras do assistente. A persona padrão escreve as anamneses; sempre há exatamente uma. Uma
            especialidade pode ter persona própria: com várias, vale a da primeira que o profissional cadastrou.
          </p>
        </div>
        <Button onClick={() => setEditing(null)}>
          <Icon name="plus" className="size-4" /> Nova persona
        </Button>
      </header>
      {personas.isError && <Alert tone="error">{readApiError(personas.error).message}</Alert>}
      {personas.isPending && (
        <div role="status" aria-label="Carregando as personas" className="flex flex-col gap-4">
          {[0, 1, 2].map((index) => (
            <div key={index} className="h-28 animate-pulse rounded-2xl border border-line bg-surface" />
          ))}
        </div>
      )}
      {personas.data && (
        <ul aria-label="Personas" aria-busy={personas.isFetching || undefined} className="flex flex-col gap-4">
          {personas.data.map((persona) => (
            <PersonaCard
              key={persona.id}
              persona={persona}
              personas={personas.data}
              common={common}
              onEdit={() => setEditing(persona)}
            />
          ))}
        </ul>
      )}
      {editing !== undefined && (
        <PersonaFormDialog persona={editing ?? undefined} onClose={() => setEditing(undefined)} />
      )}
    </div>
  );
}
