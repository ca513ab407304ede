import { randomBytes } from 'node:crypto';

export interface MultipartFile {
  name: string;
  fileName: string;
  contentType: string;
  data: Buffer;
}

/**
 * A multipart/form-data body (RFC 7578) as one buffer: text fields, then the file. A FormData body costs undici a
 * copy of the audio and a web stream read piece by piece, about 1.3 ms of the event loop per chunk sent.
 */
export function multipartBody(
  fields: Record<string, string>,
  file: MultipartFile,
): { body: Buffer; contentType: string } {
  const boundary = `----escriba-${randomBytes(12).toString('hex')}`;
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${quoted(name)}"\r\n\r\n${value}\r\n`,
  );
  const fileHead =
    `--${boundary}\r\nContent-Disposition: form-data; name="${quoted(file.name)}"; filename="${quoted(file.fileName)}"\r\n` +
    `Content-Type: ${file.contentType}\r\n\r\n`;
  return {
    body: Buffer.concat([Buffer.from(parts.join('') + fileHead), file.data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

// As browsers write names in a Content-Disposition (the WHATWG form encoding): quotes and line breaks escaped.
function quoted(name: string): string {
  return name.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}
