import type { TAnamnesis, TAnamnesisVersion } from '@escriba/contract';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { readApiError } from '../../../../lib/api-error';
import { toasts } from '../../../../lib/toast-store';
import { anamnesisQueryOptions, saveAnamnesisEdits } from '../../api/anamnesis';
import { changedDrafts, rebaseEdits } from './edit-merge';
import { storedVersions } from './note-state';

const without = (record: Record<string, string>, key: string) =>
  Object.fromEntries(Object.entries(record).filter(([name]) => name !== key));

/**
 * Fields edited by hand, saved together as a new version of the note they were opened on. When another
 * tab saved first (409) nothing typed is lost: the newer note is loaded on request, each edit carried
 * over or kept aside as a copy (see rebaseEdits).
 */
export function useNoteEdits(consultationId: string, latest: TAnamnesisVersion | undefined) {
  const queryClient = useQueryClient();
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [copies, setCopies] = useState<Record<string, string>>({});
  const [base, setBase] = useState<TAnamnesisVersion>();
  const [hasConflict, setHasConflict] = useState(false);
  const [isSaving, setIsSaving] = useState(false);

  /** Opens a field's editor on `note` (the latest the page shows, unless a step that just saved one knows newer). */
  const open = (fieldId: string, text: string, note = latest) => {
    if (!base) setBase(note);
    setDrafts((current) => ({ ...current, [fieldId]: current[fieldId] ?? text }));
  };

  const close = (fieldId: string) => {
    const rest = without(drafts, fieldId);
    setDrafts(rest);
    if (Object.keys(rest).length === 0) {
      setBase(undefined);
      setHasConflict(false);
    }
  };

  const save = async () => {
    if (!base) return;
    const fields = changedDrafts(base.fields, drafts);
    if (fields.length === 0) {
      setDrafts({});
      setBase(undefined);
      return;
    }
    setIsSaving(true);
    try {
      const saved = await saveAnamnesisEdits(consultationId, { base_version: base.version, fields });
      storeSavedVersion(queryClient, consultationId, saved);
      setDrafts({});
      setBase(undefined);
      setHasConflict(false);
      toasts.add({ title: 'Anamnese salva', description: `Versão ${saved.version}`, color: 'success' });
    } catch (error) {
      const { status, message } = readApiError(error);
      if (status === 409) setHasConflict(true);
      else toasts.add({ title: 'Não foi possível salvar', description: message, color: 'error' });
    } finally {
      setIsSaving(false);
    }
  };

  /** After a 409: the newer note in, each edit carried over onto it or kept as a copy beside it. */
  const loadNewer = async () => {
    const fresh = await queryClient.fetchQuery({ ...anamnesisQueryOptions(consultationId), staleTime: 0 });
    const newer = storedVersions(fresh)[0];
    if (!base || !newer) return;
    const rebased = rebaseEdits(base.fields, newer.fields, drafts);
    setDrafts(rebased.drafts);
    setCopies((current) => ({ ...current, ...rebased.copies }));
    setBase(Object.keys(rebased.drafts).length > 0 ? newer : undefined);
    setHasConflict(false);
  };

  return {
    drafts,
    copies,
    hasConflict,
    isSaving,
    open,
    change: (fieldId: string, text: string) => setDrafts((current) => ({ ...current, [fieldId]: text })),
    close,
    save,
    loadNewer,
    takeCopy: (fieldId: string) => {
      const copy = copies[fieldId];
      if (copy === undefined) return;
      if (!base) setBase(latest);
      setDrafts((current) => ({ ...current, [fieldId]: copy }));
      setCopies((current) => without(current, fieldId));
    },
    discardCopy: (fieldId: string) => setCopies((current) => without(current, fieldId)),
  };
}

/** A version the professional saved (edits, confirmations) becomes the latest of the cached note at once. */
export function storeSavedVersion(queryClient: QueryClient, consultationId: string, saved: TAnamnesisVersion): void {
  queryClient.setQueryData(anamnesisQueryOptions(consultationId).queryKey, (cached: TAnamnesis | undefined) => ({
    latest: saved,
    versions: [saved, ...(cached?.versions ?? [])],
    diagnoses: cached?.diagnoses ?? [],
  }));
}
