import type { Mailer, MailMessage } from '../src/platform/mail/mailer';

/** A Mailer that keeps what it is asked to send, for tests to read. */
export class Mailbox implements Mailer {
  readonly sent: MailMessage[] = [];
  private waiters: (() => void)[] = [];

  send(message: MailMessage): Promise<void> {
    this.sent.push(message);
    for (const wake of this.waiters.splice(0)) wake();
    return Promise.resolve();
  }

  close(): void {}

  /** The next message to `to` whose subject matches, waiting up to `timeoutMs` for it to be sent. */
  async next(to: string, subject: RegExp, timeoutMs = 5_000): Promise<MailMessage> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.sent.find((message) => message.to === to && subject.test(message.subject));
      if (found) {
        this.sent.splice(this.sent.indexOf(found), 1);
        return found;
      }
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`No mail to ${to} matching ${subject} within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** The single-use code in a mailed link (`...?code=...`). */
  static codeIn(message: MailMessage): string {
    const match = /[?&]code=([^\s&]+)/.exec(message.text);
    if (!match?.[1]) throw new Error('No code in the message');
    return decodeURIComponent(match[1]);
  }
}
