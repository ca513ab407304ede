import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createStorage } from './create-storage';
import { S3Storage } from './s3-storage';

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'escriba-data-'));
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

describe('createStorage', () => {
  it('keeps files under DATA_DIR/files when no bucket is configured', async () => {
    const storage = createStorage(loadConfig({ DATA_DIR: dataDir }));
    await storage.put('consultations/a/laudo.pdf', Buffer.from('%PDF'));
    expect(await readFile(path.join(dataDir, 'files/consultations/a/laudo.pdf'), 'utf8')).toBe('%PDF');
  });

  it('uses the bucket when S3_BUCKET is set', () => {
    const storage = createStorage(loadConfig({ DATA_DIR: dataDir, S3_BUCKET: 'escriba' }));
    expect(storage).toBeInstanceOf(S3Storage);
  });
});
