import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { readApiError } from '../../../lib/api-error';
import { consultationQueryOptions } from '../api/get-consultation';
import { saveUserContext } from '../api/save-user-context';
import { createAutosave, type SaveState } from './autosave';
import { readDraft, settleDraft, writeDraft } from '../../../lib/user-context-drafts';

const SAVE_DELAY_MS = 800;

/**
 * The user context as typed, saved by a debounced PUT. Every keystroke is also kept as a draft in
 * localStorage until the server confirms it; leaving the page (route change, reload, closed tab)
 * sends what is pending at once, and a draft left behind is sent on the next visit.
 * The caller remounts it (a React key) for another consultation.
 */
export function useUserContextAutosave(consultationId: string, serverText: string) {
  const queryClient = useQueryClient();
  const [text, setText] = useState(() => readDraft(localStorage, consultationId) ?? serverText);
  const [state, setState] = useState<SaveState>('saved');
  const [error, setError] = useState<string>();
  const [autosave] = useState(() =>
    createAutosave({
      confirmed: serverText,
      latest: text,
      delayMs: SAVE_DELAY_MS,
      save: (sending, keepalive) =>
        saveUserContext(consultationId, { user_context: sending }, keepalive).then(() => undefined),
      onSaved: (saved) => {
        settleDraft(localStorage, consultationId, saved);
        queryClient.setQueryData(consultationQueryOptions(consultationId).queryKey, (cached) =>
          cached ? { ...cached, user_context: saved } : cached,
        );
      },
      onState: (next, failure) => {
        setState(next);
        setError(failure === undefined ? undefined : readApiError(failure).message);
      },
    }),
  );

  useEffect(() => {
    // A draft from an earlier visit that the server never confirmed goes now.
    autosave.flush();
    const leave = () => autosave.flush(true);
    window.addEventListener('pagehide', leave);
    window.addEventListener('beforeunload', leave);
    return () => {
      window.removeEventListener('pagehide', leave);
      window.removeEventListener('beforeunload', leave);
      leave();
    };
  }, [autosave]);

  const change = (next: string) => {
    setText(next);
    writeDraft(localStorage, consultationId, next);
    autosave.change(next);
  };

  return { text, change, state, error, retry: () => autosave.flush() };
}
