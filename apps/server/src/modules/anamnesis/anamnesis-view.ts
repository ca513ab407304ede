import type { TAnamnesisVersion } from '@escriba/contract';
import type { AnamnesisVersionRow } from '../../db/schema/index';

/** One version as the API answers it, with the number the professional sees (`shownNumber`). */
export function toAnamnesisVersion(row: AnamnesisVersionRow, number: number | null): TAnamnesisVersion {
  return {
    id: row.id,
    consultation_id: row.consultationId,
    version: row.version,
    number: row.status === 'failed' ? null : number,
    kind: row.kind,
    status: row.status,
    field_id: row.fieldId,
    instruction: row.instruction,
    template_fields: row.templateFields,
    fields: row.fields,
    failure: row.failure,
    provenance: row.provenance,
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
}
