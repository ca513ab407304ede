import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The header fields, names lower-cased, folded lines joined and encoded words decoded. */
  headers: Record<string, string>;
  /** The body with its transfer encoding undone (of a multipart message, its text/plain part). */
  text: string;
  /** A multipart message's text/html part. */
  html?: string;
  raw: string;
}

/** A real SMTP server on loopback that keeps every message it receives, for tests to read. */
export class SmtpCatcher {
  readonly received: ReceivedMail[] = [];
  private waiters: (() => void)[] = [];
  private readonly server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData: (stream, session, callback) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        const to = session.envelope.rcptTo.map((rcpt) => rcpt.address);
        this.accept(from, to, Buffer.concat(chunks).toString('utf8'));
        callback();
      });
    },
  });
  /** `smtp://127.0.0.1:<port>`, for SMTP_URL. */
  url = '';

  private constructor() {}

  static async start(): Promise<SmtpCatcher> {
    const catcher = new SmtpCatcher();
    await new Promise<void>((resolve, reject) => {
      catcher.server.once('error', reject);
      catcher.server.listen(0, '127.0.0.1', () => resolve());
    });
    const { port } = catcher.server.server.address() as AddressInfo;
    catcher.url = `smtp://127.0.0.1:${port}`;
    return catcher;
  }

  /** The next message to `to`, waiting up to `timeoutMs` for it to arrive. */
  async next(to: string, timeoutMs = 5_000): Promise<ReceivedMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const index = this.received.findIndex((mail) => mail.to.includes(to));
      if (index >= 0) return this.received.splice(index, 1)[0]!;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`No mail to ${to} within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private accept(from: string, to: string[], raw: string): void {
    this.received.push({ from, to, raw, ...parseMessage(raw) });
    for (const wake of this.waiters.splice(0)) wake();
  }
}

/**
 * Reads a message as nodemailer writes it, single-part or text with its HTML alternative (enough for tests; not a
 * general MIME parser).
 */
export function parseMessage(raw: string): { headers: Record<string, string>; text: string; html?: string } {
  const separator = /\r?\n\r?\n/.exec(raw);
  const head = separator ? raw.slice(0, separator.index) : raw;
  const body = separator ? raw.slice(separator.index + separator[0].length) : '';
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = decodeWords(line.slice(colon + 1).trim());
  }
  const boundary = /^multipart\/alternative;.*boundary="?([^";]+)"?/i.exec(headers['content-type'] ?? '')?.[1];
  if (boundary) {
    const parts = body
      .split(`--${boundary}`)
      .slice(1, -1)
      .map((part) => parseMessage(part.replace(/^\r?\n/, '')));
    const partOf = (type: string) => parts.find((part) => part.headers['content-type']?.startsWith(type))?.text;
    return { headers, text: partOf('text/plain') ?? '', html: partOf('text/html') };
  }
  const encoding = headers['content-transfer-encoding']?.toLowerCase();
  const text =
    encoding === 'quoted-printable'
      ? decodeQuotedPrintable(body)
      : encoding === 'base64'
        ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
        : body;
  return { headers, text: text.replace(/\r\n/g, '\n') };
}

function decodeQuotedPrintable(body: string): string {
  const joined = body.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let index = 0; index < joined.length; index++) {
    const hex = joined.slice(index + 1, index + 3);
    if (joined[index] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(joined[index]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** RFC 2047 encoded words (`=?UTF-8?Q?...?=`, `=?UTF-8?B?...?=`), adjacent ones joined. */
function decodeWords(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, '$1$2')
    .replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=/gi, (_match, _charset: string, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}
