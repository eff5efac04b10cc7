import fs from 'node:fs/promises';
import path from 'node:path';
import type { Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { MailKind } from '../../domain/email-preferences';

// How a message leaves the club. With SMTP_URL set, mail goes over SMTP; without it each
// message is written to DATA_DIR/mail as an .eml file and its link is logged, so a developer
// (or an operator before mail is set up) can still follow it. Features never use this
// directly: ctx.mailer is the outgoing mail queue (mail-queue.ts), which sends through it.

export type Mail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The one link a member needs, logged when mail is only written to files. */
  link?: string;
  /**
   * What kind of e-mail it is (docs/product/email.md#kinds-of-e-mail): it decides whether the
   * mail carries a one-click unsubscribe, and what that turns off.
   */
  kind: MailKind;
  /** The member it is for, when known (the unsubscribe link names them); else found by address. */
  memberId?: number;
  /** Extra headers, set by the queue (List-Unsubscribe). */
  headers?: Record<string, string>;
};

/** What became of one mail of sendMany: accepted (sent, or queued to be tried again), or what send() would have thrown. */
export type SendOutcome = { ok: true } | { ok: false; err: unknown };

export type Mailer = {
  send(mail: Mail): Promise<void>;
  /**
   * Several at once, each as send() would: the outgoing mail queue writes them in one
   * statement (a matching's e-mails to many members). Without it, callers send one by one.
   */
  sendMany?(mails: Mail[]): Promise<SendOutcome[]>;
};

export class MailSendError extends Error {}

/**
 * nodemailer is loaded when the first mail goes, not at start-up (most starts send none soon;
 * docs/operations.md#starting-and-stopping).
 */
function lazyTransport(options: string | Record<string, unknown>): () => Promise<Transporter> {
  let transport: Promise<Transporter> | undefined;
  return () => (transport ??= import('nodemailer').then((m) => m.default.createTransport(options)));
}

function message(from: string, mail: Mail) {
  return { from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, headers: mail.headers ?? {} };
}

/** The transport: sends one message now, or throws MailSendError. */
export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  dataDir: string;
  log: FastifyBaseLogger;
}): Mailer {
  const { smtpUrl, from, dataDir, log } = options;
  if (smtpUrl) {
    const url = new URL(smtpUrl);
    // A slow or dead mail server must not hang a member's request for minutes.
    url.searchParams.set('connectionTimeout', '10000');
    url.searchParams.set('greetingTimeout', '10000');
    const transport = lazyTransport(url.toString());
    return {
      async send(mail) {
        try {
          await (await transport()).sendMail(message(from, mail));
        } catch (err) {
          log.error({ err, subject: mail.subject }, 'sending mail failed');
          throw new MailSendError('The e-mail could not be sent.');
        }
      },
    };
  }

  const mailDir = path.join(dataDir, 'mail');
  const transport = lazyTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      let file: string;
      try {
        const info = await (await transport()).sendMail(message(from, mail));
        await fs.mkdir(mailDir, { recursive: true });
        file = path.join(
          mailDir,
          `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[<>@]/g, '')}.eml`,
        );
        await fs.writeFile(file, info.message as Buffer);
      } catch (err) {
        // A full disk or an unwritable DATA_DIR is a failed send, like a dead mail server.
        log.error({ err, subject: mail.subject, mailDir }, 'writing mail to a file failed');
        throw new MailSendError('The e-mail could not be written.');
      }
      // The link is the secret: only ever logged when there is no real mail, on the operator's own machine.
      log.info({ file, to: mail.to, subject: mail.subject, link: mail.link }, 'mail written to file (no SMTP_URL set)');
    },
  };
}
