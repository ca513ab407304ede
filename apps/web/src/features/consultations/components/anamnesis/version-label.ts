import type { TAnamnesisVersion } from '@escriba/contract';

const time = new Intl.DateTimeFormat('pt-BR', { hour: '2-digit', minute: '2-digit' });
const dayAndTime = new Intl.DateTimeFormat('pt-BR', {
  day: '2-digit',
  month: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});

type VersionSummary = Pick<TAnamnesisVersion, 'number' | 'kind' | 'field_id' | 'template_fields' | 'created_at'>;

/**
 * "Versão 3 · reescrita de Conduta · 14:32": which version (its number as shown, counted over those that did not
 * fail), what made it, and when (the day too if not today).
 */
export function versionLabel(version: VersionSummary, now = new Date()): string {
  const created = new Date(version.created_at);
  const isToday = created.toDateString() === now.toDateString();
  return `Versão ${version.number ?? '—'} · ${versionCause(version)} · ${(isToday ? time : dayAndTime).format(created)}`;
}

export function versionCause({ kind, field_id: fieldId, template_fields: fields }: VersionSummary): string {
  const title = fields.find((field) => field.id === fieldId)?.title ?? 'um campo';
  switch (kind) {
    case 'generation':
      return 'nota gerada';
    case 'regeneration':
      return `novo texto de ${title}`;
    case 'rewrite':
      return `reescrita de ${title}`;
    case 'edit':
      return 'editada por você';
  }
}
