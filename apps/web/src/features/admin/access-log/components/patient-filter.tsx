import { FilterChip } from '../../../../components/ui/filter-chip';

interface PatientFilterProps {
  patientId: string | undefined;
  onClear: () => void;
}

/**
 * The administration has no patient search (it sees no names): a patient is chosen by following a link, from a
 * consultation or from a row of this list, and shown by her code.
 */
export function PatientFilter({ patientId, onClear }: PatientFilterProps) {
  if (patientId) {
    return (
      <FilterChip
        label="Paciente"
        icon="user-round"
        value={patientId.slice(0, 8)}
        title={patientId}
        onRemove={onClear}
        testId="chosen-patient"
      />
    );
  }
  return (
    <div className="flex flex-col gap-1.5">
      <span className="text-sm font-medium">Paciente</span>
      <p className="flex min-h-10 items-center text-sm text-muted">
        Todos. Clique no código de um paciente na lista para ver só os acessos a ele.
      </p>
    </div>
  );
}
