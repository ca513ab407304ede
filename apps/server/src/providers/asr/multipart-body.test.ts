import { describe, expect, it } from 'vitest';
import { multipartBody } from './multipart-body';

async function parsed(body: Buffer, contentType: string): Promise<FormData> {
  return new Request('http://provider', { method: 'POST', body, headers: { 'content-type': contentType } }).formData();
}

describe('multipartBody', () => {
  it('reads back as the fields and the file byte for byte', async () => {
    // Every byte value, and the CRLF-dash sequence a boundary starts with, inside the file.
    const data = Buffer.concat([Buffer.from(Array.from({ length: 256 }, (_, byte) => byte)), Buffer.from('\r\n--')]);
    const { body, contentType } = multipartBody(
      { model: 'Systran/faster-whisper-small', language: 'pt' },
      { name: 'file', fileName: '12.wav', contentType: 'audio/wav', data },
    );
    const form = await parsed(body, contentType);
    expect(form.get('model')).toBe('Systran/faster-whisper-small');
    expect(form.get('language')).toBe('pt');
    const file = form.get('file') as File;
    expect([file.name, file.type]).toEqual(['12.wav', 'audio/wav']);
    expect(Buffer.from(await file.arrayBuffer()).equals(data)).toBe(true);
  });

  it('escapes quotes and line breaks in a file name as a browser does, so the name arrives whole', async () => {
    const { body, contentType } = multipartBody(
      {},
      { name: 'file', fileName: 'a"b\r\nc.wav', contentType: 'audio/wav', data: Buffer.from('RIFF') },
    );
    expect(((await parsed(body, contentType)).get('file') as File).name).toBe('a"b\r\nc.wav');
    expect(body.toString()).toContain('filename="a%22b%0D%0Ac.wav"');
  });

  it('draws a new boundary for each body', () => {
    const file = { name: 'file', fileName: '0.wav', contentType: 'audio/wav', data: Buffer.from('RIFF') };
    expect(multipartBody({}, file).contentType).not.toBe(multipartBody({}, file).contentType);
  });
});
