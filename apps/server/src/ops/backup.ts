import { mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config';
import { createStorage } from '../platform/storage/create-storage';
import { databaseArchive } from './database-archive';
import { copyStoreToFolder } from './file-archive';
import { OperationError, writeManifest, type Manifest } from './manifest';

type BackupConfig = Pick<Config, 'databaseUrl' | 'dataDir' | 's3'>;

/**
 * `npm run backup -- <folder>`: the database first, then the files. Files are stored before the rows that name
 * them, so every file the copied database names is in the copy (an extra file, stored after, is harmless). The
 * manifest is written last: a folder without one is not a backup. A failed backup leaves the folder empty.
 */
export async function backUp(config: BackupConfig, folder: string, report: (line: string) => void): Promise<Manifest> {
  await ensureEmptyFolder(folder);
  try {
    const database = await databaseArchive(config).backUp(folder);
    const rows = Object.values(database.tables).reduce((sum, count) => sum + count, 0);
    report(
      `Database (${database.kind} ${database.server_version}): ${Object.keys(database.tables).length} tables, ` +
        `${rows} rows, migration ${database.migrations.last}`,
    );
    const entries = await copyStoreToFolder(createStorage(config), folder);
    const bytes = entries.reduce((sum, entry) => sum + entry.bytes, 0);
    const storage = config.s3 ? 's3' : 'disk';
    report(`Files (${storage}): ${entries.length}, ${megabytes(bytes)}`);
    const manifest: Manifest = {
      format: 1,
      created_at: new Date().toISOString(),
      database,
      files: { storage, count: entries.length, bytes, entries },
    };
    await writeManifest(folder, manifest);
    report(`Backup written to ${folder}`);
    return manifest;
  } catch (error) {
    await emptyFolder(folder);
    throw error;
  }
}

async function ensureEmptyFolder(folder: string): Promise<void> {
  await mkdir(folder, { recursive: true });
  if ((await readdir(folder)).length > 0) {
    throw new OperationError(`${folder} is not empty: give each backup a new folder`);
  }
}

async function emptyFolder(folder: string): Promise<void> {
  for (const entry of await readdir(folder)) await rm(path.join(folder, entry), { recursive: true, force: true });
}

export function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
