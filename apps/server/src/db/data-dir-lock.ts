import { randomBytes } from 'node:crypto';
import { readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';

// The holder touches its lock this often; a lock untouched for longer than STALE_MS belongs to a dead process.
const HEARTBEAT_MS = 5_000;
const STALE_MS = 60_000;

interface LockOwner {
  /** What holds it: `server`, `backup`, `restore`. */
  holder: string;
  pid: number;
  host: string;
  since: string;
  /** Tells this process's lock from a stale one left by an earlier process with the same pid (a container). */
  token: string;
}

/** Another process holds the embedded database's folder. */
export class DataDirInUseError extends Error {}

export interface DataDirLock {
  release(): Promise<void>;
}

const heldHere = new Map<string, LockOwner>();

/**
 * One process at a time opens an embedded (PGlite) database folder: PGlite itself does not refuse a second one,
 * and two on one folder corrupt it. The lock is a file beside the folder, touched every few seconds; one left by
 * a process that died (its pid gone on this host, or untouched for a minute) is taken over.
 */
export async function lockDataDir(lockFile: string, holder: string): Promise<DataDirLock> {
  const ownHolder = heldHere.get(lockFile);
  if (ownHolder) throw inUse(lockFile, ownHolder);
  const owner: LockOwner = {
    holder,
    pid: process.pid,
    host: os.hostname(),
    since: new Date().toISOString(),
    token: randomBytes(8).toString('hex'),
  };
  if (!(await create(lockFile, owner))) {
    const current = await readOwner(lockFile);
    if (current && (await isAlive(lockFile, current))) throw inUse(lockFile, current);
    await rm(lockFile, { force: true });
    if (!(await create(lockFile, owner))) {
      throw new DataDirInUseError(`Another process took the embedded database's lock at the same time: ${lockFile}`);
    }
  }
  heldHere.set(lockFile, owner);
  const heartbeat = setInterval(() => {
    const now = new Date();
    utimes(lockFile, now, now).catch(() => undefined);
  }, HEARTBEAT_MS).unref();
  return {
    async release() {
      clearInterval(heartbeat);
      heldHere.delete(lockFile);
      if ((await readOwner(lockFile))?.token === owner.token) await rm(lockFile, { force: true });
    },
  };
}

function inUse(lockFile: string, owner: LockOwner): DataDirInUseError {
  return new DataDirInUseError(
    `The embedded database is in use by another Escriba process (${owner.holder}, pid ${owner.pid} on ` +
      `${owner.host}, since ${owner.since}); stop it first. Lock: ${lockFile}`,
  );
}

async function create(lockFile: string, owner: LockOwner): Promise<boolean> {
  try {
    await writeFile(lockFile, JSON.stringify(owner), { flag: 'wx' });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

async function readOwner(lockFile: string): Promise<LockOwner | undefined> {
  try {
    return JSON.parse(await readFile(lockFile, 'utf8')) as LockOwner;
  } catch {
    return undefined; // gone, or half-written by a process that died while writing it
  }
}

async function isAlive(lockFile: string, owner: LockOwner): Promise<boolean> {
  if (owner.host === os.hostname()) {
    // This process holds no lock on the file (heldHere): one naming its pid is a previous life's.
    if (owner.pid === process.pid) return false;
    try {
      process.kill(owner.pid, 0);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ESRCH') return false;
    }
  }
  const { mtimeMs } = await stat(lockFile).catch(() => ({ mtimeMs: 0 }));
  return Date.now() - mtimeMs < STALE_MS;
}
