export type SaveState = 'saved' | 'saving' | 'error';

interface AutosaveOptions {
  /** The text the server holds, as far as this page knows. */
  confirmed: string;
  /** The text on screen (a draft kept from an earlier visit, or the server's). */
  latest: string;
  delayMs: number;
  /** Sends `text`, typed over `base` (the server's text when the typing began). */
  save: (text: string, base: string, keepalive: boolean) => Promise<void>;
  onSaved: (text: string) => void;
  onState: (state: SaveState, failure?: unknown) => void;
}

/**
 * Debounced saving, one request at a time: a save in flight looks again for newer text when it ends,
 * so the last text typed is always the last one sent.
 */
export function createAutosave(options: AutosaveOptions) {
  let { confirmed, latest } = options;
  let isSending = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  function flush(keepalive = false): void {
    clearTimeout(timer);
    if (isSending) return;
    const sending = latest;
    if (sending === confirmed) {
      options.onState('saved');
      return;
    }
    isSending = true;
    options.onState('saving');
    options.save(sending, confirmed, keepalive).then(
      () => {
        isSending = false;
        confirmed = sending;
        options.onSaved(sending);
        flush();
      },
      (failure: unknown) => {
        isSending = false;
        options.onState('error', failure);
      },
    );
  }

  return {
    change(text: string): void {
      latest = text;
      options.onState('saving');
      clearTimeout(timer);
      timer = setTimeout(flush, options.delayMs);
    },
    flush,
    /** The server's text as last known: what the text on screen is being typed over. */
    confirmed: () => confirmed,
    /** The server holds `serverText` (another tab saved it): later saves are typed over it. */
    rebase(serverText: string): void {
      confirmed = serverText;
    },
  };
}
