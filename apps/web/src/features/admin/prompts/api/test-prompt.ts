import type { TAdminTemplate, TPromptTestBody, TPromptTestResult } from '@escriba/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/session';

/** The administrators' templates a test run can use (published or not). */
export function useAdminTemplates() {
  return useQuery({
    queryKey: ['admin', 'prompts', 'test-templates'],
    queryFn: () => api<TAdminTemplate[]>('/admin/template/'),
  });
}

/** Runs the prompt on the built-in sample consultation: nothing is stored, no credit is spent. */
export function useTestPrompt() {
  return useMutation({
    mutationFn: (body: TPromptTestBody) => api<TPromptTestResult>('/admin/prompt/test', { method: 'POST', body }),
  });
}
