import type { TUserContextConflict } from '@escriba/contract';
import { useQueryClient } from '@tanstack/react-query';
import { FetchError } from 'ofetch';
import { useEffect, useState } from 'react';
import { readApiError } from '../../../lib/api-error';
import { readDraft, settleDraft, writeDraft } from '../../../lib/user-context-drafts';
import { consultationQueryOptions } from '../api/get-consultation';
import { saveUserContext } from '../api/save-user-context';
import { createAutosave, type SaveState } from './autosave';
import { localStore } from '../../../lib/browser-storage';

const SAVE_DELAY_MS = 800;

/** The text another tab or device saved, when the server refused ours as typed over an older one (409). */
function readNewerText(failure: unknown): string | undefined {
  if (!(failure instanceof FetchError) || failure.status !== 409) return undefined;
  const body = failure.data as Partial<TUserContextConflict> | undefined;
  return typeof body?.user_context === 'string' ? body.user_context : undefined;
}

/**
 * The user context as typed, saved by a debounced PUT. Every keystroke is also kept as a draft in
 * localStorage, with the server text it was typed over, until the server confirms it; leaving the page
 * (route change, reload, closed tab) sends what is pending at once, and a draft left behind is sent on
 * the next visit. A save typed over text that another tab has since replaced is refused (409): the page
 * then shows both texts and the professional chooses; neither is dropped meanwhile.
 * The caller remounts it (a React key) for another consultation.
 */
export function useUserContextAutosave(consultationId: string, serverText: string) {
  const queryClient = useQueryClient();
  const [draft] = useState(() => {
    const kept = readDraft(localStore(), consultationId);
    // A draft equal to the text it was typed over holds nothing new: the server's text may be newer.
    return kept && kept.text !== kept.base ? kept : undefined;
  });
  const [text, setText] = useState(draft?.text ?? serverText);
  const [state, setState] = useState<SaveState>('saved');
  const [error, setError] = useState<string>();
  const [newerText, setNewerText] = useState<string>();

  const showInCache = (saved: string) =>
    queryClient.setQueryData(consultationQueryOptions(consultationId).queryKey, (cached) =>
      cached ? { ...cached, user_context: saved } : cached,
    );

  const [autosave] = useState(() =>
    createAutosave({
      confirmed: draft?.base ?? serverText,
      latest: text,
      delayMs: SAVE_DELAY_MS,
      save: (sending, base, keepalive) =>
        saveUserContext(consultationId, { user_context: sending, base_user_context: base }, keepalive).then(
          () => undefined,
        ),
      onSaved: (saved) => {
        settleDraft(localStore(), consultationId, saved);
        showInCache(saved);
      },
      onState: (next, failure) => {
        setState(next);
        setError(failure === undefined ? undefined : readApiError(failure).message);
        const newer = readNewerText(failure);
        if (newer !== undefined) setNewerText(newer);
        else if (next === 'saved') setNewerText(undefined);
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
    writeDraft(localStore(), consultationId, { text: next, base: autosave.confirmed() });
    autosave.change(next);
  };

  /** Saves the text on screen over the newer one, having seen it. */
  const keepMine = () => {
    if (newerText === undefined) return;
    autosave.rebase(newerText);
    writeDraft(localStore(), consultationId, { text, base: newerText });
    setNewerText(undefined);
    autosave.flush();
  };

  /** Takes the newer text and forgets what was typed here. */
  const takeTheirs = () => {
    if (newerText === undefined) return;
    autosave.rebase(newerText);
    setNewerText(undefined);
    setText(newerText);
    settleDraft(localStore(), consultationId);
    showInCache(newerText);
    autosave.change(newerText);
    autosave.flush();
  };

  return { text, change, state, error, retry: () => autosave.flush(), newerText, keepMine, takeTheirs };
}
