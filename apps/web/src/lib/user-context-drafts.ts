// What the professional typed in a consultation's user context stays in this browser until the server
// confirms it, so neither a reload, a closed tab nor a dropped network loses it. One key per consultation.
const PREFIX = 'escriba:user-context-draft:';

type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** What was typed, and the server's text it was typed over (sent as `base_user_context`). */
export interface Draft {
  text: string;
  /** Absent in drafts kept before bases were recorded. */
  base?: string;
}

export function readDraft(storage: DraftStorage, consultationId: string): Draft | undefined {
  const stored = storage.getItem(PREFIX + consultationId);
  if (stored === null) return undefined;
  try {
    const draft = JSON.parse(stored) as Partial<Draft>;
    if (typeof draft.text === 'string') {
      return typeof draft.base === 'string' ? { text: draft.text, base: draft.base } : { text: draft.text };
    }
  } catch {
    // A draft kept as plain text by an earlier version of the app.
  }
  return { text: stored };
}

export function writeDraft(storage: DraftStorage, consultationId: string, draft: Draft): void {
  try {
    storage.setItem(PREFIX + consultationId, JSON.stringify(draft));
  } catch (error) {
    // A full or disabled storage only costs the offline copy; the save to the server still runs.
    console.warn('The user-context draft could not be kept in this browser', error);
  }
}

/** Forgets the draft once the server holds `savedText`; a draft typed since then is kept. */
export function settleDraft(storage: DraftStorage, consultationId: string, savedText?: string): void {
  if (savedText === undefined || readDraft(storage, consultationId)?.text === savedText) {
    storage.removeItem(PREFIX + consultationId);
  }
}

/**
 * Forgets every draft of this browser: at an explicit log-out, so clinical text never outlives the
 * session on a shared computer. (A session that merely expires keeps them for the same professional.)
 */
export function clearAllDrafts(storage: Pick<Storage, 'length' | 'key' | 'removeItem'>): void {
  const keys = Array.from({ length: storage.length }, (_, index) => storage.key(index)).filter(
    (key): key is string => key?.startsWith(PREFIX) ?? false,
  );
  for (const key of keys) storage.removeItem(key);
}
