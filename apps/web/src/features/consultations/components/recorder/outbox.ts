import type { NewOutboxEntry, OutboxEntry, OutboxStore } from './outbox-store';

/**
 * How one attempt to deliver an entry ended: `sent` (the server has it), `retry` (network error, 408,
 * 429, 5xx: try again later; `afterMs` when the server said when), `failed` (the server refused it for
 * good: say why), `paused` (the session ended: wait until the next kick).
 */
export type SendResult =
  { kind: 'sent' } | { kind: 'retry'; afterMs?: number } | { kind: 'failed'; detail: string } | { kind: 'paused' };

export interface OutboxOptions {
  store: OutboxStore;
  send: (entry: OutboxEntry, audio: ArrayBuffer | undefined) => Promise<SendResult>;
  backoffMs: (attempt: number) => number;
  onSent?: (entry: OutboxEntry) => void;
}

/**
 * Chunks and stops on their way to the server, one at a time in the order they were made: each is
 * written to the store before any attempt and removed only once the server has it, so a reload,
 * a closed tab or a dropped network loses nothing (issue 9).
 */
export function createOutbox({ store, send, backoffMs, onSent }: OutboxOptions) {
  let entries: readonly OutboxEntry[] = [];
  const listeners = new Set<() => void>();
  let draining: Promise<void> | undefined;
  let isKickedAgain = false;
  let attempt = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  /** Until when the server asked us to wait (Retry-After): kicks do not send sooner. */
  let heldUntil = 0;

  async function refresh(): Promise<void> {
    entries = await store.list();
    listeners.forEach((listener) => listener());
  }

  async function deliver(entry: OutboxEntry): Promise<boolean> {
    let result: SendResult;
    try {
      result = await send(entry, await store.audioOf(entry.id));
    } catch {
      result = { kind: 'retry' };
    }
    switch (result.kind) {
      case 'sent':
        await store.remove(entry.id);
        attempt = 0;
        onSent?.(entry);
        return true;
      case 'failed':
        await store.update({ ...entry, failure: result.detail });
        return true;
      case 'retry': {
        const waitMs = result.afterMs ?? backoffMs(attempt++);
        heldUntil = result.afterMs === undefined ? 0 : Date.now() + result.afterMs;
        retryTimer = setTimeout(() => void startDrain(), waitMs);
        return false;
      }
      case 'paused':
        return false;
    }
  }

  /**
   * Sends what waits, until the outbox is empty or an entry must wait; resolves when that drain ends. While the
   * server's Retry-After runs, the timer it set sends, not the kick (the network returning, a new page).
   */
  function kick(): Promise<void> {
    if (Date.now() < heldUntil) return draining ?? Promise.resolve();
    return startDrain();
  }

  function startDrain(): Promise<void> {
    if (draining) {
      isKickedAgain = true;
      return draining;
    }
    clearTimeout(retryTimer);
    retryTimer = undefined;
    draining = drain().finally(() => (draining = undefined));
    return draining;
  }

  async function drain(): Promise<void> {
    do {
      isKickedAgain = false;
      await refresh();
      for (let next = entries.find(isWaiting); next; next = entries.find(isWaiting)) {
        // Kicks during a failed attempt do not override its backoff.
        if (!(await deliver(next))) return;
        await refresh();
      }
    } while (isKickedAgain);
  }

  async function changeFailed(consultationId: string, change: (entry: OutboxEntry) => Promise<void>): Promise<void> {
    for (const entry of entries) if (entry.consultationId === consultationId && entry.failure) await change(entry);
    await kick();
  }

  return {
    /** Keeps the entry durably, then tries to send it; resolves once it is stored. */
    async add(entry: NewOutboxEntry, audio?: ArrayBuffer): Promise<void> {
      await store.add(entry, audio);
      // While backing off, a new chunk waits with the others; going back online kicks the outbox at once.
      await refresh();
      if (!retryTimer) void kick();
    },
    kick,
    /** Reads the store again (another tab may have added or sent entries). */
    refresh,
    /** Tries the refused entries of a consultation once more. */
    retryFailed: (consultationId: string) =>
      changeFailed(consultationId, ({ failure: _, ...entry }) => store.update(entry)),
    /** Drops the refused entries of a consultation, at the professional's request. */
    discardFailed: (consultationId: string) => changeFailed(consultationId, (entry) => store.remove(entry.id)),
    entries: () => entries,
    subscribe: (listener: () => void): (() => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type Outbox = ReturnType<typeof createOutbox>;

function isWaiting(entry: OutboxEntry): boolean {
  return !entry.failure;
}

/** What the page shows of a consultation's outbox. */
export function summarizeOutbox(entries: readonly OutboxEntry[], consultationId: string) {
  const own = entries.filter((entry) => entry.consultationId === consultationId);
  const chunks = own.filter((entry) => entry.kind === 'chunk');
  return {
    waitingChunks: chunks.filter(isWaiting).length,
    failed: own.filter((entry) => !isWaiting(entry)),
    isStopWaiting: own.some((entry) => entry.kind === 'stop' && isWaiting(entry)),
    isEmpty: own.length === 0,
    /** Seconds of audio in the chunks kept here (none for chunks kept before their length was). */
    waitingSeconds: chunks.reduce((total, entry) => total + (entry.silenceMs ?? 0) / 1000 + (entry.seconds ?? 0), 0),
    /** The seq after the highest this browser has made, kept or not yet sent. */
    nextSeq: Math.max(0, ...chunks.map((entry) => (entry.seq ?? -1) + 1)),
  };
}
