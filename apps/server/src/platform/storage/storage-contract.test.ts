import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server } from '../../../test/s3-server';
import { DiskStorage } from './disk-storage';
import { S3Storage } from './s3-storage';
import { consultationFolder, type FileStorage } from './storage';

interface Backend {
  storage: FileStorage;
  /** Traces of writes that never finished: partial files, multipart uploads neither completed nor aborted. */
  unfinishedWrites(): Promise<string[]>;
  stop(): Promise<void>;
}

async function diskBackend(): Promise<Backend> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'escriba-storage-'));
  return {
    storage: new DiskStorage(root),
    async unfinishedWrites() {
      const files = await readdir(root, { recursive: true });
      return files.filter((file) => file.endsWith('.partial'));
    },
    stop: () => rm(root, { recursive: true, force: true }),
  };
}

async function s3Backend(): Promise<Backend> {
  const server = await startS3Server();
  const storage = new S3Storage(
    {
      bucket: server.bucket,
      endpoint: server.endpoint,
      region: 'us-east-1',
      credentials: { accessKeyId: server.accessKeyId, secretAccessKey: server.secretAccessKey },
      forcePathStyle: true,
    },
    // Listings come in pages of 2, so removing a folder of a few files pages as one of thousands would.
    { pageSize: 2 },
  );
  return { storage, unfinishedWrites: () => server.unfinishedUploads(), stop: () => server.close() };
}

const MB = 1024 * 1024;

const PATTERN = randomBytes(64 * 1024);

/** `total` bytes in 64 KB chunks, each numbered, made as they are read; fails after `failAfter` bytes. */
function generatedStream(total: number, { failAfter = Infinity } = {}): Readable {
  return Readable.from(
    (async function* () {
      for (let sent = 0, index = 0; sent < total; sent += PATTERN.length, index++) {
        if (sent >= failAfter) {
          // Long enough for the parts already read to reach the storage before the source fails.
          await delay(300);
          throw new Error('o navegador desconectou');
        }
        const chunk = Buffer.from(PATTERN.subarray(0, Math.min(PATTERN.length, total - sent)));
        chunk.writeUInt32BE(index);
        yield chunk;
      }
    })(),
  );
}

async function sha256(stream: Readable): Promise<{ hash: string; bytes: number }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of stream) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  return { hash: hash.digest('hex'), bytes };
}

describe.each([
  { name: 'DiskStorage', start: diskBackend },
  { name: 'S3Storage (s3rver)', start: s3Backend },
])('$name', ({ start }) => {
  let backend: Backend;
  let storage: FileStorage;
  beforeAll(async () => {
    backend = await start();
    storage = backend.storage;
  });
  afterAll(() => backend.stop());

  it('stores bytes and streams, replaces them, and reads them whole or streamed', async () => {
    const key = `${consultationFolder('7f1c5a52-2f7e-4d65-9d55-0d3cfb1f0e11')}/audio/0001.webm`;
    await storage.put(key, Buffer.from('primeiro'));
    expect(await storage.get(key)).toEqual(Buffer.from('primeiro'));

    await storage.put(key, Readable.from([Buffer.from('segu'), Buffer.from('ndo ')]));
    expect(await storage.get(key)).toEqual(Buffer.from('segundo '));
    const file = await storage.open(key);
    expect(file?.size).toBe(8);
    expect(Buffer.concat(await file!.body.toArray())).toEqual(Buffer.from('segundo '));

    await storage.put(key, Buffer.alloc(0));
    expect(await storage.get(key)).toEqual(Buffer.alloc(0));
    const empty = await storage.open(key);
    expect(empty?.size).toBe(0);
    expect(await empty!.body.toArray()).toEqual([]);
    expect(await backend.unfinishedWrites()).toEqual([]);
  });

  it('has nothing under a key never stored, nor under a folder', async () => {
    await storage.put('consultations/c/audio/0001.webm', Buffer.from('c'));
    for (const key of ['consultations/c/audio/0002.webm', 'consultations/c/audio', 'nada/aqui']) {
      expect(await storage.get(key), key).toBeUndefined();
      expect(await storage.open(key), key).toBeUndefined();
    }
  });

  it('removes one file; removing a missing file is fine', async () => {
    await storage.put('consultations/d/audio/0001.webm', Buffer.from('1'));
    await storage.put('consultations/d/audio/0002.webm', Buffer.from('2'));
    await storage.remove('consultations/d/audio/0001.webm');
    await storage.remove('consultations/d/audio/0001.webm');
    await storage.remove('consultations/d/nunca-existiu.webm');
    expect(await storage.get('consultations/d/audio/0001.webm')).toBeUndefined();
    expect(await storage.get('consultations/d/audio/0002.webm')).toEqual(Buffer.from('2'));
  });

  it('removes every file under a folder and nothing else; removing a missing folder is fine', async () => {
    const doomed = ['audio/0001.webm', 'audio/0002.webm', 'audio/0003.webm', 'evidence/exame.pdf', 'laudo.pdf'].map(
      (name) => `consultations/a/${name}`,
    );
    const kept = ['consultations/b/evidence/exame.pdf', 'consultations/a2/laudo.pdf', 'consultations/a.pdf'];
    for (const key of [...doomed, ...kept]) await storage.put(key, Buffer.from(key));

    await storage.removeFolder('consultations/a');
    await storage.removeFolder('consultations/a');
    await storage.removeFolder('consultations/nunca-existiu');
    for (const key of doomed) expect(await storage.get(key), key).toBeUndefined();
    for (const key of kept) expect(await storage.get(key), key).toEqual(Buffer.from(key));
  });

  it('lists every key holding a file, once, across pages', async () => {
    const kept = ['consultations/g/audio/0001.webm', 'consultations/g/audio/0002.webm', 'system/g.txt'];
    const removed = 'consultations/g/evidence/e1/original';
    for (const key of [...kept, removed]) await storage.put(key, Buffer.from(key));
    await storage.removeFolder('consultations/g/evidence');

    const listed: string[] = [];
    for await (const key of storage.list()) listed.push(key);
    expect(listed).toEqual(expect.arrayContaining(kept));
    expect(listed).not.toContain(removed);
    expect(new Set(listed).size).toBe(listed.length);
    for (const key of listed) expect(await storage.get(key), key).toBeDefined();
  });

  it('streams a 20 MB upload in and out', async () => {
    const key = 'consultations/e/audio/longo.webm';
    const size = 20 * MB + 123;
    await storage.put(key, generatedStream(size));
    const file = await storage.open(key);
    expect(file?.size).toBe(size);
    expect(await sha256(file!.body)).toEqual(await sha256(generatedStream(size)));
    expect(await backend.unfinishedWrites()).toEqual([]);
  });

  it('keeps the previous file, and stores nothing, when the source fails midway', async () => {
    const existing = 'consultations/f/audio/0001.webm';
    const fresh = 'consultations/f/audio/0002.webm';
    await storage.put(existing, Buffer.from('versão completa'));

    // Past the first 5 MB part, so the S3 upload has begun a multipart upload it must abort.
    for (const key of [existing, fresh]) {
      await expect(storage.put(key, generatedStream(12 * MB, { failAfter: 6 * MB })), key).rejects.toThrow(
        'o navegador desconectou',
      );
    }
    expect(await storage.get(existing)).toEqual(Buffer.from('versão completa'));
    expect(await storage.get(fresh)).toBeUndefined();
    expect(await backend.unfinishedWrites()).toEqual([]);
  });

  it('refuses keys that could leave their folder or are not ours', async () => {
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
      await expect(storage.put(key, Readable.from([Buffer.from('x')])), key).rejects.toThrow('Invalid storage key');
      await expect(storage.get(key), key).rejects.toThrow('Invalid storage key');
      await expect(storage.open(key), key).rejects.toThrow('Invalid storage key');
      await expect(storage.remove(key), key).rejects.toThrow('Invalid storage key');
      await expect(storage.removeFolder(key), key).rejects.toThrow('Invalid storage key');
    }
  });
});
