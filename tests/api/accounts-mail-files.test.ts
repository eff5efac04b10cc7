import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authTokens, users } from '../../src/server/db/schema';
import { createMailer, MailSendError } from '../../src/server/mail/mailer';
import { buildTestApp, type TestApp } from '../support/build-app';
import { tempDir } from '../support/test-database';
import { uniqueEmail } from './trades-fixtures';

// Without SMTP_URL every message is written to DATA_DIR/mail as an .eml file and its link is
// logged, so a club without a mail server can still follow its links.

function post(t: TestApp, url: string, payload: object) {
  return t.app.inject({ method: 'POST', url, payload });
}

describe('mail without SMTP_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ smtpUrl: undefined, appUrl: 'http://club.test' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('writes the verify e-mail to DATA_DIR/mail as an .eml file whose link completes the registration', async () => {
    const email = uniqueEmail('eml');
    const mailDir = path.join(t.ctx.config.dataDir, 'mail');
    const res = await post(t, '/api/auth/register-email', { email });
    expect(res.statusCode).toBe(200);

    const files = fs.readdirSync(mailDir).filter((f) => f.endsWith('.eml'));
    expect(files).toHaveLength(1);
    const parsed = await simpleParser(fs.readFileSync(path.join(mailDir, files[0]!)));
    expect(parsed.subject).toBe('Complete your registration | Jigsaw Club');
    expect((Array.isArray(parsed.to) ? parsed.to[0] : parsed.to)?.text).toBe(email);
    const link = parsed.text?.match(/http:\/\/club\.test\/verify-email\?token=[\w-]+/)?.[0];
    expect(link).toBeDefined();
    expect(String(parsed.html)).toContain(link);

    const token = new URL(link!).searchParams.get('token')!;
    const verified = await post(t, '/api/auth/verify-email', { token, password: 'a lovely password' });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().user.email).toBe(email);
  });
});

describe('mail without SMTP_URL when DATA_DIR/mail cannot be written', () => {
  let t: TestApp;
  beforeAll(async () => {
    const dataDir = tempDir('mail-blocked');
    // A plain file where the mail folder should be: creating the folder fails.
    fs.writeFileSync(path.join(dataDir, 'mail'), 'not a folder');
    t = await buildTestApp({ smtpUrl: undefined, dataDir });
  });
  afterAll(async () => {
    await t.close();
  });

  it('joining answers 503 "Failed to send verification email" (not 500) and leaves nothing behind', async () => {
    const email = uniqueEmail('blocked');
    const res = await post(t, '/api/auth/register-email', { email });
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe('Failed to send verification email');
    expect(await t.database.db.select().from(authTokens).where(eq(authTokens.email, email))).toHaveLength(0);
    expect(await t.database.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });
});

describe('the file mailer', () => {
  function recordingLogger() {
    const lines: Array<{ level: string; obj: Record<string, unknown>; msg: string }> = [];
    const at =
      (level: string) =>
      (obj: Record<string, unknown>, msg = '') =>
        lines.push({ level, obj, msg });
    const logger = { info: at('info'), error: at('error'), warn: at('warn') } as unknown as FastifyBaseLogger;
    return { logger, lines };
  }

  it('logs the link and the file it wrote', async () => {
    const dataDir = tempDir('mail-log');
    const { logger, lines } = recordingLogger();
    const mailer = createMailer({ smtpUrl: undefined, from: 'Jigsaw Club <no-reply@localhost>', dataDir, log: logger });
    const link = 'http://club.test/login-link?token=abc123';
    await mailer.send({
      to: 'ann@example.org',
      subject: 'Your sign-in link',
      text: link,
      html: link,
      link,
      kind: 'account',
    });
    const line = lines.find((l) => l.level === 'info');
    expect(line?.obj).toMatchObject({ to: 'ann@example.org', link });
    expect(fs.existsSync(String(line?.obj.file))).toBe(true);
    expect(path.dirname(String(line?.obj.file))).toBe(path.join(dataDir, 'mail'));
  });

  it('turns a file-system failure into a MailSendError and logs it', async () => {
    const dataDir = tempDir('mail-fail');
    fs.writeFileSync(path.join(dataDir, 'mail'), 'not a folder');
    const { logger, lines } = recordingLogger();
    const mailer = createMailer({ smtpUrl: undefined, from: 'Jigsaw Club <no-reply@localhost>', dataDir, log: logger });
    await expect(
      mailer.send({ to: 'ann@example.org', subject: 's', text: 't', html: 'h', kind: 'account' }),
    ).rejects.toBeInstanceOf(MailSendError);
    expect(lines.some((l) => l.level === 'error')).toBe(true);
  });
});
