import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { MigrationState } from '../db/migration-state';

export const MANIFEST_FILE = 'manifest.json';
const FORMAT = 1;

export interface FileEntry {
  /** The storage key, also the file's path under `files/` in the backup. */
  key: string;
  bytes: number;
  sha256: string;
}

/** What a backup holds, written last: a folder without it is not a backup. */
export interface Manifest {
  format: typeof FORMAT;
  created_at: string;
  database: {
    kind: 'postgres' | 'pglite';
    /** The dump (pg_dump's custom format) or the embedded database's folder as a gzipped tarball. */
    file: string;
    bytes: number;
    sha256: string;
    /** The server's version, and for PostgreSQL the pg_dump that made the dump (pg_restore must be as new). */
    server_version: string;
    pg_dump_version: string | null;
    migrations: MigrationState;
    /** Rows per table (`schema.table`), counted in the dump's own snapshot. */
    tables: Record<string, number>;
  };
  files: {
    storage: 'disk' | 's3';
    count: number;
    bytes: number;
    entries: FileEntry[];
  };
}

/** A backup or a restore refused, or a mismatch: the message is for the operator, whole. */
export class OperationError extends Error {}

export async function writeManifest(folder: string, manifest: Manifest): Promise<void> {
  const target = path.join(folder, MANIFEST_FILE);
  await writeFile(`${target}.partial`, `${JSON.stringify(manifest, null, 2)}\n`, { flush: true });
  await rename(`${target}.partial`, target);
}

export async function readManifest(folder: string): Promise<Manifest> {
  let text: string;
  try {
    text = await readFile(path.join(folder, MANIFEST_FILE), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    throw new OperationError(`${folder} holds no ${MANIFEST_FILE}: not a backup, or one that did not finish`);
  }
  const manifest = JSON.parse(text) as Manifest;
  const format: unknown = manifest.format;
  if (format !== FORMAT) {
    throw new OperationError(`${folder} is a backup of format ${String(format)}; this version reads ${FORMAT}`);
  }
  return manifest;
}

export interface Digest {
  sha256: string;
  bytes: number;
}

/** A pass-through step for a pipeline that hashes and counts what flows by; `result` once it has ended. */
export function hashing(): { tap: (source: AsyncIterable<Buffer>) => AsyncIterable<Buffer>; result: () => Digest } {
  const hash = createHash('sha256');
  let bytes = 0;
  return {
    async *tap(source) {
      for await (const chunk of source) {
        hash.update(chunk);
        bytes += chunk.length;
        yield chunk;
      }
    },
    result: () => ({ sha256: hash.digest('hex'), bytes }),
  };
}

/** SHA-256 and size of what the stream carries, consumed whole. */
export async function digest(stream: Readable): Promise<Digest> {
  const hasher = hashing();
  for await (const _chunk of hasher.tap(stream)) {
    // read through
  }
  return hasher.result();
}

export function digestFile(file: string): Promise<Digest> {
  return digest(createReadStream(file));
}
