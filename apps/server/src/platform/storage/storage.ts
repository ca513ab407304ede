import type { Readable } from 'node:stream';

/**
 * Where files live, behind keys such as `consultations/{id}/audio/0001.webm`: slash-separated
 * segments of letters, digits, `_`, `-` and `.`, none starting with a dot.
 */
export interface FileStorage {
  /** Stores the bytes under the key, replacing what was there; readers never see half a file. */
  put(key: string, data: Uint8Array | Readable): Promise<void>;
  /** The bytes under the key, or undefined when there are none. */
  get(key: string): Promise<Buffer | undefined>;
  /** The file under the key as a stream, for sending it on without holding it in memory; undefined when there is none. */
  open(key: string): Promise<StoredFile | undefined>;
  /** Removes the file under the key; a key with no file is already removed. */
  remove(key: string): Promise<void>;
  /** Removes every file under the folder; a folder that does not exist is already removed. */
  removeFolder(folder: string): Promise<void>;
  /** Every key that holds a file, in no set order, read as it goes (backups walk the whole store). */
  list(): AsyncIterable<string>;
}

/** One stored file being read: the caller must consume or destroy `body`. */
export interface StoredFile {
  body: Readable;
  /** In bytes. */
  size: number;
}

const SEGMENT = /^[\w-][\w.-]*$/;

/** Whether the path (slash-separated) has the shape of one of our keys. */
export function isStorageKey(key: string): boolean {
  return key.length <= 500 && key.split('/').every((segment) => SEGMENT.test(segment));
}

/** The key's segments; throws for a key that could escape its folder or is not one of ours. */
export function keySegments(key: string): string[] {
  if (!isStorageKey(key)) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
  return key.split('/');
}

/** The folder holding every file of one consultation (audio, evidence, exports). */
export function consultationFolder(consultationId: string): string {
  return `consultations/${consultationId}`;
}
