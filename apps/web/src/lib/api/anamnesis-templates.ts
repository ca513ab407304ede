import type { TAnamnesisTemplate } from '@escriba/contract';
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
