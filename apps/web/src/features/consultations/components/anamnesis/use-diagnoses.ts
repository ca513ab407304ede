import type { TAnamnesis, TDiagnosesBody, TDiagnosis } from '@escriba/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { readApiError } from '../../../../lib/api-error';
import { toasts } from '../../../../lib/toast-store';
import { anamnesisQueryOptions } from '../../api/anamnesis';
import { saveDiagnoses } from '../../api/save-diagnoses';

/** The note's hypotheses and the professional's changes to them, each saved at once as the whole list. */
export function useDiagnoses(consultationId: string, diagnoses: TDiagnosis[]) {
  const queryClient = useQueryClient();
  const [isSaving, setIsSaving] = useState(false);
  const { queryKey } = anamnesisQueryOptions(consultationId);
  const current: TDiagnosesBody = diagnoses.map(({ code, confirmed }) => ({ code, confirmed }));

  const save = async (next: TDiagnosesBody): Promise<boolean> => {
    setIsSaving(true);
    try {
      const saved = await saveDiagnoses(consultationId, next);
      queryClient.setQueryData(queryKey, (cached: TAnamnesis | undefined) => cached && { ...cached, diagnoses: saved });
      return true;
    } catch (error) {
      toasts.add({ title: 'Hipóteses não salvas', description: readApiError(error).message, color: 'error' });
      return false;
    } finally {
      setIsSaving(false);
    }
  };

  return {
    isSaving,
    confirm: (code: string) => save(current.map((item) => (item.code === code ? { ...item, confirmed: true } : item))),
    remove: (code: string) => save(current.filter((item) => item.code !== code)),
    /** A code chosen in place of another: the professional's own choice, not yet confirmed. */
    replace: (code: string, by: string) =>
      save(current.map((item) => (item.code === code ? { code: by, confirmed: false } : item))),
    add: (code: string) => save([...current, { code, confirmed: false }]),
  };
}
