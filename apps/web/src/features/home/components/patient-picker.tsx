import type { TPatient } from '@escriba/contract';
import { useState } from 'react';
import { TextField } from '../../../components/ui/text-field';
import { usePatients } from '../../../lib/api/list-patients';
import { cn } from '../../../lib/cn';
import { displayName, formatAge } from '../../../lib/format';
import { applyMask } from '../../../lib/masks';
import { useDebouncedValue } from '../../../lib/use-debounced-value';

interface PatientPickerProps {
  selected: TPatient | undefined;
  onSelect: (patient: TPatient) => void;
  error?: string;
}

/** Finds one of the professional's active patients by name or CPF; the matches are a radio group. */
export function PatientPicker({ selected, onSelect, error }: PatientPickerProps) {
  const [text, setText] = useState('');
  const q = useDebouncedValue(text.trim(), 250);
  const patients = usePatients({ q: q || undefined, page_size: 6, sort: 'name' });
  const items = patients.data?.items ?? [];

  return (
    <div className="flex flex-col gap-3">
      <TextField
        label="Buscar paciente"
        type="search"
        placeholder="Nome ou CPF"
        value={text}
        onChange={(event) => setText(event.target.value)}
        autoComplete="off"
      />
      <fieldset aria-busy={patients.isFetching || undefined}>
        <legend className="sr-only">Pacientes encontrados</legend>
        <div className="flex flex-col gap-1.5" role="presentation">
          {items.map((patient) => {
            const isChosen = selected?.id === patient.id;
            const facts = [formatAge(patient), patient.cpf ? `CPF ${applyMask('cpf', patient.cpf)}` : undefined].filter(
              Boolean,
            );
            return (
              <label
                key={patient.id}
                className={cn(
                  'flex cursor-pointer items-center gap-3 rounded-xl border px-3 py-2.5 has-focus-visible:outline-2 has-focus-visible:outline-accent-500',
                  isChosen ? 'border-accent-500 bg-accent-50 dark:bg-accent-500/10' : 'border-line hover:bg-subtle',
                )}
              >
                <input
                  type="radio"
                  name="patient-choice"
                  className="size-4 accent-accent-600"
                  checked={isChosen}
                  onChange={() => onSelect(patient)}
                />
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-medium">{displayName(patient)}</span>
                  {facts.length > 0 && <span className="block text-sm text-muted">{facts.join(' · ')}</span>}
                </span>
              </label>
            );
          })}
        </div>
        {patients.isSuccess && items.length === 0 && (
          <p className="rounded-xl bg-subtle px-3 py-3 text-sm text-muted">
            {q ? `Nenhum paciente encontrado para “${q}”.` : 'Você ainda não tem pacientes cadastrados.'} Use a aba
            “Novo paciente” para cadastrar.
          </p>
        )}
      </fieldset>
      {error && (
        <p className="text-sm text-danger" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
