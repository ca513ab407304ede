import { expect } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Undoes quoted-printable: soft line breaks and =XX escapes (UTF-8). */
function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined[i] === '=' ? /^[0-9A-F]{2}/.exec(joined.slice(i + 1, i + 3)) : null;
    if (hex) {
      bytes.push(parseInt(hex[0], 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i] ?? ''));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** The e-mails the server with this data folder wrote (by default the shared server's, global-setup.ts). */
function readMessages(dataDir = process.env.E2E_DATA_DIR ?? ''): string[] {
  const outbox = join(dataDir, 'outbox');
  let files: string[];
  try {
    files = readdirSync(outbox).filter((file) => file.endsWith('.eml'));
  } catch {
    return [];
  }
  return files.sort().map((file) => decodeQuotedPrintable(readFileSync(join(outbox, file), 'utf8')));
}

/**
 * The code of the newest link to `path` e-mailed to `email` (in its `param`). The server writes mail
 * after answering, so this waits for it (with the expect deadline).
 */
export async function readLinkCode(
  email: string,
  path: '/account-verification' | '/reset-password',
  { param = 'code', dataDir }: { param?: 'code' | 'cpf_claim'; dataDir?: string } = {},
): Promise<string> {
  const pattern = new RegExp(`${path}\\?${param}=([\\w-]+)`);
  let code: string | undefined;
  await expect
    .poll(
      () => {
        const message = readMessages(dataDir)
          .filter((text) => new RegExp(`^To: ${email}$`, 'mi').test(text) && pattern.test(text))
          .at(-1);
        code = message ? pattern.exec(message)?.[1] : undefined;
        return code;
      },
      { message: `an e-mail to ${email} with a ${path} link` },
    )
    .toBeTruthy();
  return code ?? '';
}

/** The newest e-mail to `email` whose subject matches, decoded (waiting for it with the expect deadline). */
export async function readMail(email: string, subject: RegExp): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      () => {
        found = readMessages()
          .filter((text) => new RegExp(`^To: ${email}$`, 'mi').test(text))
          .filter((text) => subject.test(/^Subject: (.*)$/m.exec(text)?.[1] ?? ''))
          .at(-1);
        return found;
      },
      { message: `an e-mail to ${email} with the subject ${subject}` },
    )
    .toBeTruthy();
  return found ?? '';
}
