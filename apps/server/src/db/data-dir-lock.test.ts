import { mkdtemp, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataDirInUseError, lockDataDir } from './data-dir-lock';

let folder: string;
let lockFile: string;
beforeEach(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'escriba-lock-'));
  lockFile = path.join(folder, 'pgdata.lock');
});
afterEach(() => rm(folder, { recursive: true, force: true }));

function lockOf(pid: number, host = os.hostname()): string {
  return JSON.stringify({ holder: 'server', pid, host, since: '2026-01-01T00:00:00.000Z', token: 'other' });
}

describe('lockDataDir', () => {
  it('lets one holder in at a time, and the next once it is released', async () => {
    const lock = await lockDataDir(lockFile, 'server');
    await expect(lockDataDir(lockFile, 'backup')).rejects.toThrow(DataDirInUseError);
    await lock.release();
    const next = await lockDataDir(lockFile, 'backup');
    expect(JSON.parse(await readFile(lockFile, 'utf8'))).toMatchObject({ holder: 'backup', pid: process.pid });
    await next.release();
  });

  it('refuses while a live process on this host holds it, naming it', async () => {
    await writeFile(lockFile, lockOf(process.ppid));
    await expect(lockDataDir(lockFile, 'backup')).rejects.toThrow(
      new RegExp(`in use by another Escriba process \\(server, pid ${process.ppid} on `),
    );
  });

  it('refuses while another host touches it, and takes it over once untouched for a minute', async () => {
    await writeFile(lockFile, lockOf(1, 'outra-maquina'));
    await expect(lockDataDir(lockFile, 'backup')).rejects.toThrow(DataDirInUseError);
    const longAgo = new Date(Date.now() - 61_000);
    await utimes(lockFile, longAgo, longAgo);
    const lock = await lockDataDir(lockFile, 'backup');
    await lock.release();
  });

  it('takes over a lock whose process died, or that names this very pid (a restarted container)', async () => {
    for (const pid of [2 ** 22 + 17, process.pid]) {
      await writeFile(lockFile, lockOf(pid));
      const lock = await lockDataDir(lockFile, 'server');
      await lock.release();
      await expect(readFile(lockFile)).rejects.toThrow('ENOENT');
    }
  });
});
