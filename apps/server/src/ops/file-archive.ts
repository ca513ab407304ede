import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { keySegments, type FileStorage } from '../platform/storage/storage';
import { digest, digestFile, hashing, type FileEntry } from './manifest';

/** Where a backup keeps a stored file: under `files/`, at its key's path. */
function fileOf(backupFolder: string, key: string): string {
  return path.join(backupFolder, 'files', ...keySegments(key));
}

/** Copies every stored file into the backup, hashed on the way; sorted by key. */
export async function copyStoreToFolder(storage: FileStorage, backupFolder: string): Promise<FileEntry[]> {
  const entries: FileEntry[] = [];
  for await (const key of storage.list()) {
    const stored = await storage.open(key);
    if (!stored) continue; // removed since it was listed (a probe's file, audio past its retention)
    const target = fileOf(backupFolder, key);
    await mkdir(path.dirname(target), { recursive: true });
    const hasher = hashing();
    await pipeline(stored.body, hasher.tap, createWriteStream(target, { flush: true }));
    entries.push({ key, ...hasher.result() });
  }
  return entries.sort((a, b) => (a.key < b.key ? -1 : 1));
}

/** Puts every file of the backup into the storage, telling `onStored` each key once it is there. */
export async function copyFolderToStore(
  backupFolder: string,
  entries: FileEntry[],
  storage: FileStorage,
  onStored: (key: string) => void,
): Promise<void> {
  for (const { key } of entries) {
    await storage.put(key, createReadStream(fileOf(backupFolder, key)));
    onStored(key);
  }
}

/** The backup's own files that are missing or differ from the manifest. */
export async function damagedBackupFiles(backupFolder: string, entries: FileEntry[]): Promise<string[]> {
  const damaged: string[] = [];
  for (const entry of entries) {
    const found = await digestFile(fileOf(backupFolder, entry.key)).catch(() => undefined);
    if (!found) damaged.push(`${entry.key}: missing from the backup`);
    else if (found.sha256 !== entry.sha256) damaged.push(`${entry.key}: its checksum differs from the manifest`);
  }
  return damaged;
}

/** How the storage differs from the manifest: files missing, extra, or with other contents (read back whole). */
export async function storageDifferences(storage: FileStorage, entries: FileEntry[]): Promise<string[]> {
  const expected = new Map(entries.map((entry) => [entry.key, entry]));
  const differences: string[] = [];
  for await (const key of storage.list()) {
    if (!expected.has(key)) differences.push(`${key}: stored, but not in the backup`);
  }
  for (const entry of entries) {
    const stored = await storage.open(entry.key);
    if (!stored) {
      differences.push(`${entry.key}: not stored`);
      continue;
    }
    const found = await digest(stored.body);
    if (found.sha256 !== entry.sha256) differences.push(`${entry.key}: stored with other contents`);
  }
  return differences;
}

export async function isStorageEmpty(storage: FileStorage): Promise<boolean> {
  for await (const _key of storage.list()) return false;
  return true;
}
