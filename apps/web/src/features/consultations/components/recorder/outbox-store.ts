import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

/** What waits to reach the server for one consultation: an audio chunk, or the stop that follows the last one. */
export interface OutboxEntry {
  id: number;
  consultationId: string;
  kind: 'chunk' | 'stop';
  /** The chunk's place in the recording (chunks only). */
  seq?: number;
  /** The chunk's length in seconds (chunks kept since issue 18), for the recorded time. */
  seconds?: number;
  /** The recorder's voice activity detector heard speech in the chunk (issue 34): sent as `speech=detected`. */
  isSpeech?: boolean;
  /** Milliseconds of silence heard and not sent just before the chunk: sent as `silence_ms`. */
  silenceMs?: number;
  createdAt: number;
  /** Why the server refused it for good; such an entry is kept, not retried, until the professional decides. */
  failure?: string;
}

export type NewOutboxEntry = Omit<OutboxEntry, 'id' | 'createdAt' | 'failure'>;

/** The durable side of the outbox: entries in order of arrival, their audio apart so lists stay light. */
export interface OutboxStore {
  add(entry: NewOutboxEntry, audio?: ArrayBuffer): Promise<OutboxEntry>;
  list(): Promise<OutboxEntry[]>;
  audioOf(id: number): Promise<ArrayBuffer | undefined>;
  update(entry: OutboxEntry): Promise<void>;
  remove(id: number): Promise<void>;
}

interface OutboxSchema extends DBSchema {
  entries: { key: number; value: OutboxEntry };
  audio: { key: number; value: ArrayBuffer };
}

/** The outbox in IndexedDB: it outlives a reload, a closed tab and a crashed browser. */
export function createIndexedDbOutboxStore(name = 'escriba-outbox'): OutboxStore {
  let opened: Promise<IDBPDatabase<OutboxSchema>> | undefined;
  const db = () =>
    (opened ??= openDB<OutboxSchema>(name, 1, {
      upgrade(database) {
        database.createObjectStore('entries', { keyPath: 'id', autoIncrement: true });
        database.createObjectStore('audio');
      },
    }));

  return {
    async add(entry, audio) {
      const tx = (await db()).transaction(['entries', 'audio'], 'readwrite');
      const stored = { ...entry, createdAt: Date.now() } as OutboxEntry;
      const id = await tx.objectStore('entries').add(stored);
      if (audio) await tx.objectStore('audio').put(audio, id);
      // The chunk counts as kept only once the transaction is committed to disk.
      await tx.done;
      return { ...stored, id };
    },
    async list() {
      return (await db()).getAll('entries');
    },
    async audioOf(id) {
      return (await db()).get('audio', id);
    },
    async update(entry) {
      await (await db()).put('entries', entry);
    },
    async remove(id) {
      const tx = (await db()).transaction(['entries', 'audio'], 'readwrite');
      await Promise.all([tx.objectStore('entries').delete(id), tx.objectStore('audio').delete(id), tx.done]);
    },
  };
}

/** The outbox in memory: what waits is lost with the page. */
export function createMemoryOutboxStore(): OutboxStore {
  const entries = new Map<number, OutboxEntry>();
  const audios = new Map<number, ArrayBuffer>();
  let nextId = 1;
  return {
    async add(entry, audio) {
      const stored = { ...entry, id: nextId++, createdAt: Date.now() } as OutboxEntry;
      entries.set(stored.id, stored);
      if (audio) audios.set(stored.id, audio);
      return stored;
    },
    list: async () => [...entries.values()],
    audioOf: async (id) => audios.get(id),
    async update(entry) {
      entries.set(entry.id, entry);
    },
    async remove(id) {
      entries.delete(id);
      audios.delete(id);
    },
  };
}

/**
 * IndexedDB where the browser allows it; memory where it denies it (Escriba inside another site's frame, with that
 * site's storage blocked): recording works the same there, and only a reload before the upload loses audio.
 */
export function createBrowserOutboxStore(): OutboxStore {
  const durable = createIndexedDbOutboxStore();
  let chosen: Promise<OutboxStore> | undefined;
  const store = () =>
    (chosen ??= durable.list().then(
      () => durable,
      () => createMemoryOutboxStore(),
    ));
  return {
    add: async (entry, audio) => (await store()).add(entry, audio),
    list: async () => (await store()).list(),
    audioOf: async (id) => (await store()).audioOf(id),
    update: async (entry) => (await store()).update(entry),
    remove: async (id) => (await store()).remove(id),
  };
}
