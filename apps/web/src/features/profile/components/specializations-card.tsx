import type { TLicenseType, TSpecialization } from '@escriba/contract';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardHeader } from '../../../components/ui/card';
import { Icon } from '../../../components/ui/icon';
import { SelectField } from '../../../components/ui/select-field';
import { readApiError } from '../../../lib/api-error';
import { useAddSpecialization } from '../api/add-specialization';
import { useMySpecializations } from '../../../lib/api/list-my-specializations';
import { useRemoveSpecialization } from '../api/remove-specialization';

interface SpecializationsCardProps {
  licenseTypes: TLicenseType[];
  specializations: TSpecialization[];
}

export function SpecializationsCard({ licenseTypes, specializations }: SpecializationsCardProps) {
  const mine = useMySpecializations();
  const add = useAddSpecialization();
  const remove = useRemoveSpecialization();
  const [selected, setSelected] = useState('');
  const chosen = new Set(mine.data?.map((item) => item.id));
  const error = add.error ?? remove.error ?? mine.error;

  const addSelected = () => {
    if (!selected) return;
    add.mutate(Number(selected), { onSuccess: () => setSelected('') });
  };

  return (
    <Card aria-labelledby="specializations-title">
      <CardHeader
        id="specializations-title"
        title="Especializações"
        description="Usadas para sugerir modelos de anamnese."
      />
      {error && (
        <Alert tone="error" className="mb-4">
          {readApiError(error).message}
        </Alert>
      )}
      <ul className="mb-5 flex flex-wrap gap-2" aria-label="Minhas especializações">
        {mine.data?.map((item) => (
          <li
            key={item.id}
            className="flex items-center gap-1 rounded-full border border-line bg-subtle py-1 pr-1 pl-3 text-sm font-medium"
          >
            {item.name}
            <button
              type="button"
              className="rounded-full p-1 text-muted hover:bg-surface hover:text-danger"
              aria-label={`Remover ${item.name}`}
              disabled={remove.isPending}
              onClick={() => remove.mutate(item.id)}
            >
              <Icon name="x" className="size-3.5" />
            </button>
          </li>
        ))}
        {mine.data?.length === 0 && <li className="text-muted">Nenhuma especialização escolhida.</li>}
      </ul>
      <div className="flex flex-wrap items-end gap-3">
        <SelectField
          label="Adicionar especialização"
          className="min-w-0 flex-1 basis-64"
          value={selected}
          onChange={(event) => setSelected(event.target.value)}
        >
          <option value="">Selecione</option>
          {licenseTypes.map((type) => (
            <optgroup key={type.id} label={`${type.profession} (${type.code})`}>
              {specializations
                .filter((item) => item.license_type_id === type.id && !chosen.has(item.id))
                .map((item) => (
                  <option key={item.id} value={item.id}>
                    {item.name}
                  </option>
                ))}
            </optgroup>
          ))}
        </SelectField>
        <Button variant="secondary" onClick={addSelected} disabled={!selected} isLoading={add.isPending}>
          <Icon name="plus" className="size-4" /> Adicionar
        </Button>
      </div>
    </Card>
  );
}
