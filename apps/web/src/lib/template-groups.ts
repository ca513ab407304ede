import type { TAnamnesisTemplate } from '@escriba/contract';

export interface TemplateGroups {
  own: TAnamnesisTemplate[];
  published: TAnamnesisTemplate[];
}

/** The professional's own templates first, then the published ones, each by name. */
export function groupTemplates(templates: TAnamnesisTemplate[]): TemplateGroups {
  const byName = (a: TAnamnesisTemplate, b: TAnamnesisTemplate) => a.name.localeCompare(b.name, 'pt-BR');
  return {
    own: templates.filter((template) => !template.published).sort(byName),
    published: templates.filter((template) => template.published).sort(byName),
  };
}

/**
 * The template offered first: the one the current note used, else the one of her specialization (the server's
 * choice, GET /user/templates/anamnesis/default), else the professional's own, else a published one.
 */
export function defaultTemplateId(
  groups: TemplateGroups,
  lastUsedId: string | undefined,
  specialtyId?: string | null,
): string | undefined {
  const all = [...groups.own, ...groups.published];
  const usable = [lastUsedId, specialtyId].find((id) => id && all.some((template) => template.id === id));
  return usable ?? all[0]?.id;
}
