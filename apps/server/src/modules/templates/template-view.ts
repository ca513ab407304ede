import type { TAnamnesisTemplate } from '@escriba/contract';
import type { AnamnesisTemplateRow } from '../../db/schema/index';

export function toTemplateView(row: AnamnesisTemplateRow): TAnamnesisTemplate {
  return {
    id: row.id,
    name: row.name,
    specialization_id: row.specializationId,
    published: row.published,
    source_template_id: row.sourceTemplateId,
    fields: row.fields,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
