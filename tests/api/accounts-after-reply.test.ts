import fs from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import type { AppContext } from '../../src/server/app-context';
import { authTokens } from '../../src/server/db/schema';
import { createInProcessEventBus } from '../../src/server/events/event-bus';
import { afterReplyIdle } from '../../src/server/http/after-reply';
import { createMailer } from '../../src/server/mail/mailer';
import { createPictureStorage } from '../../src/server/uploads/create-storage';
import { buildTestApp, testConfig, type TestApp } from '../support/build-app';
import { createMember } from '../support/factories';
import { startMailCatcher, tokenFrom, type MailCatcher } from '../support/mail-catcher';
import { createTestDatabase, tempDir } from '../support/test-database';

// Forgot-password and login-link answer first and do their per-address work afterwards
// (src/server/http/after-reply.ts); joining does the same work for a member as for a
// stranger. These are the consequences a member or an operator can see.

function post(app: FastifyInstance, url: string, payload: object) {
  return app.inject({ method: 'POST', url, payload });
}

describe('joining with an address that already has an account', () => {
  let t: TestApp;
  let mail: MailCatcher;
  beforeAll(async () => {
    mail = await startMailCatcher();
    t = await buildTestApp({ smtpUrl: mail.url, appUrl: 'http://club.test' });
  });
  afterAll(async () => {
    await t.close();
    await mail.close();
  });

  it('e-mails a one-time sign-in link that signs the member in', async () => {
    const member = await createMember(t.database.db);
    expect((await post(t.app, '/api/auth/register-email', { email: member.email })).statusCode).toBe(200);
    const m = await mail.waitFor(member.email);
    expect(m.subject).toMatch(/already have an account/);
    const link = mail.linkIn(m);
    expect(link).toMatch(/^http:\/\/club\.test\/login-link\?token=/);

    const res = await post(t.app, '/api/auth/login-link/verify', { token: tokenFrom(link) });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email).toBe(member.email);
    expect((await post(t.app, '/api/auth/login-link/verify', { token: tokenFrom(link) })).statusCode).toBe(400);
  });
});

describe('when the e-mail after the answer cannot be sent', () => {
  const lines: string[] = [];
  let ctx: AppContext;
  let app: FastifyInstance;
  beforeAll(async () => {
    const sink = new Writable({
      write(chunk, _enc, cb) {
        lines.push(String(chunk));
        cb();
      },
    });
    const logger = pino({ level: 'info' }, sink) as FastifyBaseLogger;
    const dataDir = tempDir('mail-blocked');
    // A plain file where the mail folder should be: every send fails.
    fs.writeFileSync(path.join(dataDir, 'mail'), 'not a folder');
    const config = testConfig({ dataDir });
    const database = await createTestDatabase();
    const mailer = createMailer({ smtpUrl: undefined, from: config.mailFrom, dataDir, log: logger });
    ctx = { config, database, mailer, events: createInProcessEventBus(), pictures: createPictureStorage(config) };
    app = await buildApp(ctx, { logger });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await ctx.database.close();
  });

  it('the member still gets the usual answer; the failure is logged without the address and leaves no link behind', async () => {
    const member = await createMember(ctx.database.db, { email: 'harriet.quill@example.org' });
    for (const url of ['/api/auth/forgot-password', '/api/auth/login-link']) {
      const res = await post(app, url, { email: member.email });
      expect(res.statusCode).toBe(200);
    }
    await afterReplyIdle(ctx);

    const failures = lines.map((l) => JSON.parse(l)).filter((l) => l.msg === 'work after the answer failed');
    expect(failures.map((l) => l.task).sort()).toEqual(['login_link e-mail', 'reset_password e-mail']);
    for (const failure of failures) expect(failure.error).toEqual({ type: 'MailSendError', stack: expect.any(Array) });
    expect(lines.join('\n')).not.toMatch(/harriet|quill/i);
    expect(await ctx.database.db.select().from(authTokens).where(eq(authTokens.email, member.email))).toEqual([]);
  });
});

describe('closing the app', () => {
  it('waits for the e-mails still to be sent after an answer', async () => {
    const t = await buildTestApp({ smtpUrl: undefined });
    const member = await createMember(t.database.db);
    expect((await post(t.app, '/api/auth/forgot-password', { email: member.email })).statusCode).toBe(200);
    await t.close();
    const mailDir = path.join(t.ctx.config.dataDir, 'mail');
    const mails = fs.readdirSync(mailDir).map((f) => fs.readFileSync(path.join(mailDir, f), 'utf8'));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('Reset your password');
  });
});
