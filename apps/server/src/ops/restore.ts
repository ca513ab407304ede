import path from 'node:path';
import type { Config } from '../config';
import { shippedMigrations } from '../db/migration-state';
import { createStorage } from '../platform/storage/create-storage';
import { megabytes } from './backup';
import { databaseArchive } from './database-archive';
import { copyFolderToStore, damagedBackupFiles, isStorageEmpty, storageDifferences } from './file-archive';
import { digestFile, OperationError, readManifest, type Manifest } from './manifest';
import { countDifferences } from './table-counts';

type RestoreConfig = Pick<Config, 'databaseUrl' | 'dataDir' | 's3'>;

const DIFFERENCES_SHOWN = 20;

/**
 * `npm run restore -- <folder>`: checks the backup against its manifest, refuses a database or storage that is
 * not empty, puts the files then the database (undoing what it wrote when either fails), and checks the result
 * against the manifest: rows per table, the migration, every file's checksum read back.
 */
export async function restore(config: RestoreConfig, folder: string, report: (line: string) => void): Promise<void> {
  const manifest = await readManifest(folder);
  ensureKnownMigration(manifest);
  await ensureIntact(folder, manifest);

  const database = databaseArchive(config);
  if (database.kind !== manifest.database.kind) {
    throw new OperationError(
      `This backup holds a ${manifest.database.kind} database; DATABASE_URL ${
        config.databaseUrl ? 'names PostgreSQL' : 'is not set (embedded database)'
      }: restore it into the same kind`,
    );
  }
  const storage = createStorage(config);
  await database.ensureEmpty();
  if (!(await isStorageEmpty(storage))) {
    throw new OperationError(
      `The file storage (${config.s3 ? `S3 bucket ${config.s3.bucket}` : path.join(config.dataDir, 'files')}) ` +
        'is not empty: restore into an empty one',
    );
  }

  const stored: string[] = [];
  try {
    await copyFolderToStore(folder, manifest.files.entries, storage, (key) => stored.push(key));
    report(`Files: ${stored.length}, ${megabytes(manifest.files.bytes)}`);
    await database.restore(folder, manifest.database);
  } catch (error) {
    for (const key of stored) await storage.remove(key);
    throw error;
  }

  const state = await database.inspect();
  const differences = [
    ...countDifferences(manifest.database.tables, state.tables),
    ...(state.migrations.last === manifest.database.migrations.last
      ? []
      : [`migration: ${manifest.database.migrations.last} in the backup, ${state.migrations.last} restored`]),
    ...(await storageDifferences(storage, manifest.files.entries)),
  ];
  if (differences.length > 0) {
    throw new OperationError(`The restored data differs from the backup:\n${listed(differences)}`);
  }
  const rows = Object.values(state.tables).reduce((sum, count) => sum + count, 0);
  report(
    `Database (${manifest.database.kind}): ${Object.keys(state.tables).length} tables, ${rows} rows, ` +
      `migration ${state.migrations.last}`,
  );
  report(`Restored from ${folder} (made ${manifest.created_at}) and checked against its manifest`);
}

/** A backup made by a newer version holds migrations this code does not know: upgrade first, then restore. */
function ensureKnownMigration(manifest: Manifest): void {
  const { last } = manifest.database.migrations;
  if (last !== null && !shippedMigrations().some(({ tag }) => tag === last)) {
    throw new OperationError(
      `This backup was made by a newer version of Escriba (migration ${last}): restore it with that version or later`,
    );
  }
}

async function ensureIntact(folder: string, manifest: Manifest): Promise<void> {
  const dump = await digestFile(path.join(folder, manifest.database.file)).catch(() => undefined);
  const damaged = [
    ...(dump?.sha256 === manifest.database.sha256 ? [] : [`${manifest.database.file}: missing or changed`]),
    ...(await damagedBackupFiles(folder, manifest.files.entries)),
  ];
  if (damaged.length > 0) {
    throw new OperationError(`The backup in ${folder} is damaged; nothing was restored:\n${listed(damaged)}`);
  }
}

function listed(lines: string[]): string {
  const shown = lines.slice(0, DIFFERENCES_SHOWN).map((line) => `  ${line}`);
  if (lines.length > DIFFERENCES_SHOWN) shown.push(`  … and ${lines.length - DIFFERENCES_SHOWN} more`);
  return shown.join('\n');
}
