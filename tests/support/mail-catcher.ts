import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';

// A real SMTP server for tests: the app sends over SMTP exactly as in production, and the
// test reads what arrived.

export type CaughtMail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Every header as it arrived, by its name in lower case (List-Unsubscribe, …). */
  headers: Record<string, string>;
};

export type MailCatcher = {
  url: string;
  messages: CaughtMail[];
  /**
   * Waits for the next message to this address (case-insensitive) and returns it; with
   * `subject`, the next one whose subject contains it. Notices are sent after their commit and
   * in parallel, so two mails to one member can arrive in either order: when a member gets more
   * than one, name the one you mean instead of counting.
   */
  waitFor(to: string, options?: { subject?: string; timeoutMs?: number }): Promise<CaughtMail>;
  /** The first link to APP_URL with a token in the message. */
  linkIn(mail: CaughtMail): string;
  /** Makes the server refuse the next messages (to test a failed send). */
  failNext(count: number): void;
  close(): Promise<void>;
};

export async function startMailCatcher(): Promise<MailCatcher> {
  const messages: CaughtMail[] = [];
  const waiters: Array<{ wants: (m: CaughtMail) => boolean; resolve: (m: CaughtMail) => void }> = [];
  let failures = 0;
  const seen = new Set<CaughtMail>();

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      if (failures > 0) {
        failures -= 1;
        stream.resume();
        stream.on('end', () => callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 })));
        return;
      }
      simpleParser(stream)
        .then((parsed) => {
          const to = (Array.isArray(parsed.to) ? parsed.to[0] : parsed.to)?.value[0]?.address ?? '';
          const mail = {
            to: to.toLowerCase(),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: String(parsed.html || ''),
            headers: Object.fromEntries(
              parsed.headerLines.map((h) => [
                h.key,
                h.line
                  .slice(h.line.indexOf(':') + 1)
                  .replace(/\r?\n\s+/g, ' ')
                  .trim(),
              ]),
            ),
          };
          messages.push(mail);
          const i = waiters.findIndex((w) => w.wants(mail));
          if (i >= 0) {
            seen.add(mail);
            waiters.splice(i, 1)[0]!.resolve(mail);
          }
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as { port: number };

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitFor(to, { subject, timeoutMs = 10_000 } = {}) {
      const address = to.toLowerCase();
      const wants = (m: CaughtMail) => m.to === address && (subject === undefined || m.subject.includes(subject));
      const waiting = messages.find((m) => wants(m) && !seen.has(m));
      if (waiting) {
        seen.add(waiting);
        return Promise.resolve(waiting);
      }
      return new Promise((resolve, reject) => {
        const what = subject === undefined ? `mail to ${to}` : `mail to ${to} about "${subject}"`;
        const waiter = {
          wants,
          resolve: (m: CaughtMail) => {
            clearTimeout(timer);
            resolve(m);
          },
        };
        // A waiter that gave up must not swallow a later mail meant for the next one.
        const timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(waiter), 1);
          reject(new Error(`no ${what} within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.push(waiter);
      });
    },
    linkIn(mail) {
      const match = mail.text.match(/https?:\/\/\S+token=[\w-]+/);
      if (!match) throw new Error(`no link in mail: ${mail.text}`);
      return match[0];
    },
    failNext(count) {
      failures = count;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export function tokenFrom(link: string): string {
  return new URL(link).searchParams.get('token') ?? '';
}
