import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartChunk } from '../../../test/transcription-requests';
import { registerErrorHandler } from './error-handler';
import { receiveUpload, type UploadRules } from './streamed-upload';

const HEAD_BYTES = 8;
const MAX_BYTES = 64;

// A toy format: a file opening with "TEXT" is text; one opening with "LATE" is text only when it ends with "END".
const rules: UploadRules<string> = {
  maxBytes: MAX_BYTES,
  headBytes: HEAD_BYTES,
  detect: async (head, isWhole) => {
    if (head.subarray(0, 4).toString() === 'TEXT') return isWhole ? 'text (whole)' : 'text';
    return isWhole && head.toString().startsWith('LATE') && head.toString().endsWith('END') ? 'late text' : undefined;
  },
  needsWholeFile: (head) => head.subarray(0, 4).toString() === 'LATE',
  messages: { missing: 'Falta o arquivo', empty: 'Vazio', tooLarge: 'Grande demais', unsupported: 'Tipo recusado' },
};

let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify();
  registerErrorHandler(app);
  await app.register(multipart);
  const route = (url: string, routeRules: UploadRules<string>) =>
    app.post(url, async (request) => {
      const received = await receiveUpload(request, routeRules);
      const bytes = await buffer(received.body);
      return { type: received.type, fileName: received.fileName, text: bytes.toString(), size: received.size() };
    });
  route('/upload', rules);
  route('/upload-empty-left-to-detect', { ...rules, messages: { ...rules.messages, empty: undefined } });
  await app.ready();
});

afterAll(() => app.close());

function upload(file: Buffer, url = '/upload') {
  return app.inject({ method: 'POST', url, ...multipartChunk(file, 'nota.txt', 'application/octet-stream') });
}

describe('receiveUpload', () => {
  it('types the file from its head and streams all of it, counting its size', async () => {
    const text = `TEXT ${'x'.repeat(40)}`;
    const response = await upload(Buffer.from(text));
    expect(response.json()).toEqual({ type: 'text', fileName: 'nota.txt', text, size: text.length });
  });

  it('types a file shorter than the head as a whole file', async () => {
    expect((await upload(Buffer.from('TEXT'))).json()).toMatchObject({ type: 'text (whole)', size: 4 });
  });

  it('reads the whole file when only the whole can decide', async () => {
    const text = `LATE ${'y'.repeat(30)} END`;
    expect((await upload(Buffer.from(text))).json()).toMatchObject({ type: 'late text', text, size: text.length });
    const refused = await upload(Buffer.from(`LATE ${'y'.repeat(30)}`));
    expect(refused.statusCode).toBe(415);
    expect(refused.json()).toEqual({ detail: 'Tipo recusado' });
  });

  it('refuses a file past the limit with 413, while it streams or while it is read whole', async () => {
    for (const file of [`TEXT ${'x'.repeat(MAX_BYTES)}`, `LATE ${'y'.repeat(MAX_BYTES)} END`]) {
      const response = await upload(Buffer.from(file));
      expect(response.statusCode, file).toBe(413);
      expect(response.json()).toEqual({ detail: 'Grande demais' });
    }
  });

  it('refuses an empty file with 422 when told to, else leaves it to the detector', async () => {
    const empty = await upload(Buffer.alloc(0));
    expect(empty.statusCode).toBe(422);
    expect(empty.json()).toEqual({ detail: [{ loc: ['body', 'file'], msg: 'Vazio', type: 'empty' }] });
    const leftToDetect = await upload(Buffer.alloc(0), '/upload-empty-left-to-detect');
    expect(leftToDetect.statusCode).toBe(415);
  });

  it('refuses a request without the field file', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/upload',
      headers: { 'content-type': 'multipart/form-data; boundary=b' },
      payload: '--b\r\ncontent-disposition: form-data; name="other"; filename="a.txt"\r\n\r\nTEXT\r\n--b--\r\n',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ detail: [{ loc: ['body', 'file'], msg: 'Falta o arquivo', type: 'missing' }] });
  });
});
