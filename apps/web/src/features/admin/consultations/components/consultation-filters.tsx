import { ZConsultationStatus } from '@escriba/contract';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../../components/ui/button';
import { Icon } from '../../../../components/ui/icon';
import { SelectField } from '../../../../components/ui/select-field';
import { TextField } from '../../../../components/ui/text-field';
import { STATUS_LABELS } from '../../../../lib/consultation-status';
import { UserPicker } from '../../users/components/user-picker';

export const CONSULTATION_FILTER_KEYS = ['user_id', 'status', 'created_from', 'created_to'] as const;
export type ConsultationFilters = Partial<Record<(typeof CONSULTATION_FILTER_KEYS)[number], string>>;

interface ConsultationFiltersFormProps {
  /** The filters in the address; the page gives the form a new `key` when they change from outside. */
  initial: ConsultationFilters;
  onApply: (filters: ConsultationFilters) => void;
}

/** Status and dates go with "Filtrar"; choosing or removing the professional applies at once. */
export function ConsultationFiltersForm({ initial, onApply }: ConsultationFiltersFormProps) {
  const [filters, setFilters] = useState<ConsultationFilters>(initial);
  const field = (key: keyof ConsultationFilters) => ({
    value: filters[key] ?? '',
    onChange: (event: { target: { value: string } }) => setFilters({ ...filters, [key]: event.target.value }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(filters);
  };

  return (
    <form
      role="search"
      aria-label="Filtrar consultas"
      onSubmit={submit}
      className="grid gap-3 rounded-2xl border border-line bg-surface p-4 sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_repeat(3,minmax(0,1fr))_auto]"
    >
      <UserPicker
        label="Profissional"
        foundLabel="Profissionais encontrados"
        userId={initial.user_id}
        onChange={(userId) => onApply({ ...filters, user_id: userId })}
      />
      <SelectField label="Status" {...field('status')}>
        <option value="">Todos</option>
        {ZConsultationStatus.options.map((status) => (
          <option key={status} value={status}>
            {STATUS_LABELS[status]}
          </option>
        ))}
      </SelectField>
      <TextField label="Criada a partir de" type="date" {...field('created_from')} />
      <TextField label="Criada até" type="date" {...field('created_to')} />
      <div className="flex items-end gap-2">
        <Button type="submit">
          <Icon name="search" className="size-4" /> Filtrar
        </Button>
        {Object.values(initial).some(Boolean) && (
          <Button variant="secondary" onClick={() => onApply({})} aria-label="Limpar filtros">
            <Icon name="filter-x" className="size-4" />
          </Button>
        )}
      </div>
    </form>
  );
}
