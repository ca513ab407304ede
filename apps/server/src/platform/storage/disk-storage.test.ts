import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DiskStorage } from './disk-storage';
import { consultationFolder } from './storage';

let root: string;
let storage: DiskStorage;
beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'escriba-storage-'));
  storage = new DiskStorage(root);
});
afterAll(() => rm(root, { recursive: true, force: true }));

describe('DiskStorage', () => {
  it('stores bytes and streams, replaces them, and leaves no partial files behind', async () => {
    const folder = consultationFolder('7f1c5a52-2f7e-4d65-9d55-0d3cfb1f0e11');
    await storage.put(`${folder}/audio/0001.webm`, Buffer.from('primeiro'));
    await storage.put(`${folder}/audio/0001.webm`, Readable.from([Buffer.from('segu'), Buffer.from('ndo')]));
    expect(await storage.get(`${folder}/audio/0001.webm`)).toEqual(Buffer.from('segundo'));
    expect(await readdir(path.join(root, folder, 'audio'))).toEqual(['0001.webm']);
    expect(await storage.get(`${folder}/audio/0002.webm`)).toBeUndefined();
  });

  it('removes a whole folder and only that folder; removing a missing folder is fine', async () => {
    await storage.put('consultations/a/evidence/exame.pdf', Buffer.from('a'));
    await storage.put('consultations/b/evidence/exame.pdf', Buffer.from('b'));
    await storage.removeFolder('consultations/a');
    await storage.removeFolder('consultations/a');
    expect(await storage.get('consultations/a/evidence/exame.pdf')).toBeUndefined();
    expect(await storage.get('consultations/b/evidence/exame.pdf')).toEqual(Buffer.from('b'));
  });

  it('refuses keys that could leave the storage folder', async () => {
    for (const key of [
      '../fora.txt',
      'consultations/../../etc/passwd',
      '/etc/passwd',
      'a//b',
      '.oculto',
      'a/b\\c',
      '',
    ]) {
      await expect(storage.put(key, Buffer.from('x')), key).rejects.toThrow('Invalid storage key');
      await expect(storage.get(key), key).rejects.toThrow('Invalid storage key');
      await expect(storage.removeFolder(key), key).rejects.toThrow('Invalid storage key');
    }
  });
});
