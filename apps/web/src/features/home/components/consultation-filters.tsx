import { useEffect, useEffectEvent, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Icon } from '../../../components/ui/icon';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { STATUS_LABELS, STATUSES } from '../../../lib/consultation-status';
import { usePatients } from '../../../lib/api/list-patients';
import { displayName } from '../../../lib/format';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import type { HomeFilters } from './use-home-filters';

interface ConsultationFiltersProps {
  filters: HomeFilters;
  rangeError: string;
  hasFilters: boolean;
  onChange: (changes: Partial<HomeFilters>) => void;
  onClear: () => void;
}

// Enough for a select; a professional with more patients finds the rest by typing the name in the search.
const PATIENT_OPTIONS = { page_size: 100, sort: 'name', archived: 'all' } as const;

export function ConsultationFilters({ filters, rangeError, hasFilters, onChange, onClear }: ConsultationFiltersProps) {
  const [text, setText] = useState(filters.q);
  const settled = useDebouncedValue(text, 300);
  const patients = usePatients(PATIENT_OPTIONS);
  const sendText = useEffectEvent((q: string) => {
    if (q !== filters.q) onChange({ q });
  });
  useEffect(() => {
    sendText(settled);
  }, [settled]);

  return (
    <div
      role="search"
      aria-label="Filtrar consultas"
      className="grid gap-3 rounded-2xl border border-line bg-surface p-4 sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_repeat(4,minmax(0,1fr))]"
    >
      <TextField
        label="Buscar"
        type="search"
        placeholder="Título, queixa ou paciente"
        value={text}
        onChange={(event) => setText(event.target.value)}
        className="sm:col-span-2 lg:col-span-1"
      />
      <SelectField
        label="Status"
        value={filters.status}
        onChange={(event) => onChange({ status: event.target.value as HomeFilters['status'] })}
      >
        <option value="">Todos</option>
        {STATUSES.map((status) => (
          <option key={status} value={status}>
            {STATUS_LABELS[status]}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Paciente"
        value={filters.patient_id}
        onChange={(event) => onChange({ patient_id: event.target.value })}
      >
        <option value="">Todos</option>
        {patients.data?.items.map((patient) => (
          <option key={patient.id} value={patient.id}>
            {displayName(patient)}
          </option>
        ))}
      </SelectField>
      <TextField
        label="Data inicial"
        type="date"
        value={filters.from}
        onChange={(event) => onChange({ from: event.target.value })}
      />
      <TextField
        label="Data final"
        type="date"
        value={filters.to}
        min={filters.from || undefined}
        error={rangeError || undefined}
        onChange={(event) => onChange({ to: event.target.value })}
      />
      {hasFilters && (
        <div className="flex justify-end sm:col-span-2 lg:col-span-5">
          <Button
            variant="ghost"
            size="sm"
            onClick={() => {
              setText('');
              onClear();
            }}
          >
            <Icon name="filter-x" className="size-4" /> Limpar filtros
          </Button>
        </div>
      )}
    </div>
  );
}
