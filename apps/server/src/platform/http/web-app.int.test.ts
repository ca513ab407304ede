import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENCODINGS, getAccepting } from '../../../test/compression-test-requests';
import { createTestApp, type TestApp } from '../../../test/test-app';

// A build as apps/web/vite.config.ts leaves it: each text file with its .br and .gz beside it.
const SCRIPT = `export const greeting = ${JSON.stringify('olá '.repeat(400))};\n`;
const PAGE = `<!doctype html><html><body><div id="root"></div>${'<!-- app -->'.repeat(100)}</body></html>`;
const IMMUTABLE = 'public, max-age=31536000, immutable';

let webDistDir: string;
let t: TestApp;
beforeAll(async () => {
  webDistDir = await mkdtemp(path.join(os.tmpdir(), 'escriba-web-dist-'));
  await mkdir(path.join(webDistDir, 'assets'));
  for (const [file, content] of [
    ['index.html', PAGE],
    ['assets/x.js', SCRIPT],
  ]) {
    await writeFile(path.join(webDistDir, file!), content!);
    await writeFile(path.join(webDistDir, `${file}.br`), brotliCompressSync(content!));
    await writeFile(path.join(webDistDir, `${file}.gz`), gzipSync(content!));
  }
  t = await createTestApp((config) => ({ ...config, webDistDir }));
});
afterAll(async () => {
  await t.close();
  await rm(webDistDir, { recursive: true, force: true });
});

describe('web app files', () => {
  it('sends a built file compressed at build time in the encoding the browser accepts, cached for good', async () => {
    for (const [encoding, decode] of ENCODINGS) {
      const response = await getAccepting(t.app, '/assets/x.js', encoding);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/);
      expect(response.headers['cache-control']).toBe(IMMUTABLE);
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(decode(response.rawPayload).toString('utf8')).toBe(SCRIPT);
    }
  });

  it('sends the file itself to a browser that asks for no encoding', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/x.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.body).toBe(SCRIPT);
  });

  it('answers 304 to a browser revalidating its compressed copy', async () => {
    const etag = (await getAccepting(t.app, '/assets/x.js', 'br')).headers.etag;
    expect(etag).toBeTruthy();
    const again = await getAccepting(t.app, '/assets/x.js', 'br', { 'if-none-match': String(etag) });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it("answers the client router's paths with index.html, compressed and revalidated", async () => {
    const response = await getAccepting(t.app, '/consultas/123', 'gzip, deflate, br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(response.rawPayload).toString('utf8')).toBe(PAGE);
  });
});
