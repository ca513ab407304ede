import type { CommonData } from '../../lib/common-data';

/** A template's specialty as lists show it; "Geral" when it has none. */
export function specialtyName(common: CommonData | undefined, id: number | null): string {
  if (id === null) return 'Geral';
  return common?.specializations.find((specialization) => specialization.id === id)?.name ?? 'Especialidade';
}
