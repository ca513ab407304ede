import { Button } from '../../../../components/ui/button';
import { Icon } from '../../../../components/ui/icon';
import { UserPicker } from '../../users/components/user-picker';
import type { AccessLogFilters } from '../access-log-address';
import { PatientFilter } from './patient-filter';

interface AccessLogFiltersBarProps {
  filters: AccessLogFilters;
  onApply: (filters: AccessLogFilters) => void;
}

/** Who accessed and which patient; each applies as soon as it is chosen or removed. */
export function AccessLogFiltersBar({ filters, onApply }: AccessLogFiltersBarProps) {
  return (
    <div
      role="search"
      aria-label="Filtrar acessos"
      className="grid gap-3 rounded-2xl border border-line bg-surface p-4 md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto]"
    >
      <UserPicker
        label="Quem acessou"
        foundLabel="Usuários encontrados"
        userId={filters.user_id}
        onChange={(userId) => onApply({ ...filters, user_id: userId })}
      />
      <PatientFilter patientId={filters.patient_id} onClear={() => onApply({ ...filters, patient_id: undefined })} />
      <div className="flex items-end">
        {Object.values(filters).some(Boolean) && (
          <Button variant="secondary" onClick={() => onApply({})}>
            <Icon name="filter-x" className="size-4" /> Limpar filtros
          </Button>
        )}
      </div>
    </div>
  );
}
