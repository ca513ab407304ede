import type { TAnamnesisVersion } from '@escriba/contract';
import type { AnamnesisVersionRow } from '../../db/schema/index';

/** One version as the API answers it. */
export function toAnamnesisVersion(row: AnamnesisVersionRow): TAnamnesisVersion {
  return {
    id: row.id,
    consultation_id: row.consultationId,
    version: row.version,
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
