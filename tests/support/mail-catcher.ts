import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';

// A real SMTP server for tests: the app sends over SMTP exactly as in production, and the
// test reads what arrived.

export type CaughtMail = { to: string; subject: string; text: string; html: string };

export type MailCatcher = {
  url: string;
  messages: CaughtMail[];
  /** Waits for the next message to this address (case-insensitive) and returns it. */
  waitFor(to: string, timeoutMs?: number): Promise<CaughtMail>;
  /** The first link to APP_URL with a token in the message. */
  linkIn(mail: CaughtMail): string;
  /** Makes the server refuse the next messages (to test a failed send). */
  failNext(count: number): void;
  close(): Promise<void>;
};

export async function startMailCatcher(): Promise<MailCatcher> {
  const messages: CaughtMail[] = [];
  const waiters: Array<{ to: string; resolve: (m: CaughtMail) => void }> = [];
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
          };
          messages.push(mail);
          const i = waiters.findIndex((w) => w.to === mail.to);
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
    waitFor(to, timeoutMs = 10_000) {
      const address = to.toLowerCase();
      const waiting = messages.find((m) => m.to === address && !seen.has(m));
      if (waiting) {
        seen.add(waiting);
        return Promise.resolve(waiting);
      }
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no mail to ${to} within ${timeoutMs} ms`)), timeoutMs);
        waiters.push({
          to: address,
          resolve: (m) => {
            clearTimeout(timer);
            resolve(m);
          },
        });
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
