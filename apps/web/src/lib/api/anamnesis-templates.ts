import type { TAnamnesisTemplate, TPreferredTemplate } from '@escriba/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../session';

/** GET /user/templates/anamnesis/: the professional's own templates and the published ones (`published: true`). */
export function listAnamnesisTemplates(): Promise<TAnamnesisTemplate[]> {
  return api<TAnamnesisTemplate[]>('/user/templates/anamnesis/');
}

export const anamnesisTemplatesQueryOptions = () =>
  queryOptions({ queryKey: ['templates', 'anamnesis'], queryFn: listAnamnesisTemplates });

export function useAnamnesisTemplates() {
  return useQuery(anamnesisTemplatesQueryOptions());
}

/** GET /user/templates/anamnesis/default: the template of her specialization, the one a new note starts from. */
export function getPreferredTemplate(): Promise<TPreferredTemplate> {
  return api<TPreferredTemplate>('/user/templates/anamnesis/default');
}

// Under the list's key: a template created, changed or deleted is read again with it.
export const preferredTemplateQueryOptions = () =>
  queryOptions({ queryKey: ['templates', 'anamnesis', 'default'], queryFn: getPreferredTemplate });

export function usePreferredTemplate() {
  return useQuery(preferredTemplateQueryOptions());
}
