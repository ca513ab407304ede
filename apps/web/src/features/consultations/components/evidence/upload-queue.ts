import { clampProgress } from '../../../../lib/progress';

/** Spec §5 keeps progress in 0–100; a few files go up at once so each one's bar moves. */
export const PARALLEL_UPLOADS = 3;

export interface UploadItem {
  id: number;
  fileName: string;
  size: number;
  /** `waiting` for a free slot, `uploading`, or `failed` with the reason (kept until dismissed). */
  state: 'waiting' | 'uploading' | 'failed';
  progress: number;
  error?: string;
}

export interface UploadQueueOptions<T> {
  upload: (file: File, onProgress: (percent: number) => void, signal: AbortSignal) => Promise<T>;
  /** Done: the item leaves the queue, the file is now an evidence. */
  onUploaded: (result: T) => void;
  /** The sentence shown on a failed item. */
  describeError: (error: unknown) => string;
  /** Why a file is not sent at all (empty, too large), or undefined to send it. */
  refuse?: (file: File) => string | undefined;
  parallel?: number;
}

/**
 * Files on their way to the server: a few at a time, each with its progress, cancellable, and failures
 * kept on their row. Framework-free so the rules are tested without a browser.
 */
export function createUploadQueue<T>(options: UploadQueueOptions<T>) {
  const parallel = options.parallel ?? PARALLEL_UPLOADS;
  let items: UploadItem[] = [];
  const files = new Map<number, File>();
  const controllers = new Map<number, AbortController>();
  const listeners = new Set<() => void>();
  let nextId = 1;

  function update(id: number, change: Partial<UploadItem> | null): void {
    items =
      change === null
        ? items.filter((item) => item.id !== id)
        : items.map((item) => (item.id === id ? { ...item, ...change } : item));
    listeners.forEach((listener) => listener());
  }

  function startWaiting(): void {
    let running = items.filter((item) => item.state === 'uploading').length;
    for (const item of items) {
      if (running >= parallel) return;
      if (item.state !== 'waiting') continue;
      running++;
      start(item.id);
    }
  }

  function start(id: number): void {
    const file = files.get(id);
    if (!file) return;
    const controller = new AbortController();
    controllers.set(id, controller);
    update(id, { state: 'uploading', progress: 0 });
    const onProgress = (percent: number) => {
      if (!controller.signal.aborted) update(id, { progress: clampProgress(percent) });
    };
    options.upload(file, onProgress, controller.signal).then(
      (result) => {
        finish(id, null);
        options.onUploaded(result);
      },
      (error: unknown) => {
        if (!controller.signal.aborted) finish(id, { state: 'failed', error: options.describeError(error) });
      },
    );
  }

  function finish(id: number, change: Partial<UploadItem> | null): void {
    controllers.delete(id);
    files.delete(id);
    update(id, change);
    startWaiting();
  }

  return {
    getItems: () => items,
    add: (added: Iterable<File>): void => {
      for (const file of added) {
        const id = nextId++;
        const refusal = options.refuse?.(file);
        if (refusal === undefined) files.set(id, file);
        const item: UploadItem = { id, fileName: file.name, size: file.size, state: 'waiting', progress: 0 };
        items = [...items, refusal === undefined ? item : { ...item, state: 'failed', error: refusal }];
      }
      listeners.forEach((listener) => listener());
      startWaiting();
    },
    /** Stops a waiting or running upload, or dismisses a failed one. */
    remove: (id: number): void => {
      const controller = controllers.get(id);
      controller?.abort();
      finish(id, null);
    },
    subscribe: (listener: () => void): (() => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type UploadQueue = ReturnType<typeof createUploadQueue>;
