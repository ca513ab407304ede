import type { CommonData } from '../../lib/common-data';
import { SelectField } from '../ui/select-field';

interface SpecialtySelectProps {
  common: CommonData | undefined;
  value: number | null;
  error?: string;
  onChange: (value: number | null) => void;
}

/** A template's specialty, optional, grouped by the professional license it belongs to. */
export function SpecialtySelect({ common, value, error, onChange }: SpecialtySelectProps) {
  const groups = (common?.licenseTypes ?? [])
    .map((licenseType) => ({
      licenseType,
      specializations: (common?.specializations ?? [])
        .filter((specialization) => specialization.license_type_id === licenseType.id)
        .sort((a, b) => a.name.localeCompare(b.name, 'pt-BR')),
    }))
    .filter((group) => group.specializations.length > 0);

  return (
    <SelectField
      label="Especialidade (opcional)"
      value={value ?? ''}
      error={error}
      disabled={!common}
      onChange={(event) => onChange(event.target.value ? Number(event.target.value) : null)}
    >
      <option value="">Nenhuma (geral)</option>
      {groups.map(({ licenseType, specializations }) => (
        <optgroup key={licenseType.id} label={licenseType.name}>
          {specializations.map((specialization) => (
            <option key={specialization.id} value={specialization.id}>
              {specialization.name}
            </option>
          ))}
        </optgroup>
      ))}
    </SelectField>
  );
}
