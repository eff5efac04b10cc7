import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDbKind } from '../support/test-database';
import { queryRows } from '../../src/server/db/client';
import { outgoingMail } from '../../src/server/db/schema';
import { MAIL_CLAIM_MS } from '../../src/server/mail/mail-queue';
import { buildSecondInstance, buildTestApp, createTestMailQueue, type TestApp } from '../support/build-app';
import { createMember } from '../support/factories';
import { startMailCatcher, type MailCatcher } from '../support/mail-catcher';

// The outgoing mail queue beneath the mailer (docs/product/email.md#the-outgoing-mail-queue):
// nothing lost when the mail server refuses or a process stops, nothing sent twice.

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

const MIN = 60 * 1000;
let n = 0;
const address = () => `queue.${++n}.${Date.now().toString(36)}@example.org`;
const letter = (to: string) => ({
  to,
  subject: `Letter ${n}`,
  text: 'Hello',
  html: '<p>Hello</p>',
  kind: 'forum' as const,
});
const caught = (to: string) => mail.messages.filter((m) => m.to === to);
const row = async (to: string) => (await t.database.db.select().from(outgoingMail).where(eq(outgoingMail.to, to)))[0]!;

describe('the outgoing mail queue', () => {
  it('sends at once and marks the row sent', async () => {
    const to = address();
    await t.mailQueue.send(letter(to));
    expect(caught(to)).toHaveLength(1);
    const sent = await row(to);
    expect(sent.sentAt).not.toBeNull();
    // Done with: the body (which may hold a sign-in link) is not kept.
    expect([sent.text, sent.html]).toEqual(['', '']);
  });

  it('keeps what the mail server refused, and after a restart sends each once', async () => {
    const to = [address(), address(), address()];
    mail.failNext(3);
    for (const a of to) await t.mailQueue.send(letter(a));
    for (const a of to) expect(caught(a)).toHaveLength(0);
    // A new process (a restart): a fresh queue on the same database, later on.
    const restarted = createTestMailQueue(t.database, t.ctx.config);
    const later = new Date(Date.now() + 10 * MIN);
    expect(await restarted.sendDue(later)).toBe(3);
    expect(await restarted.sendDue(later)).toBe(0);
    expect(await t.mailQueue.sendDue(new Date(Date.now() + 60 * MIN))).toBe(0);
    for (const a of to) expect(caught(a)).toHaveLength(1);
  });

  it('sends several in one go: each once, each row marked sent; one refused is kept for later', async () => {
    const to = Array.from({ length: 12 }, address);
    const failing = to[0]!;
    mail.failNext(1);
    const outcomes = await t.mailQueue.sendMany!(to.map((a) => letter(a)));
    expect(outcomes.every((o) => o.ok)).toBe(true);
    for (const a of to.filter((x) => x !== failing)) {
      expect(caught(a)).toHaveLength(1);
      const sent = await row(a);
      expect(sent.sentAt).not.toBeNull();
      expect([sent.text, sent.html]).toEqual(['', '']);
    }
    expect(caught(failing)).toHaveLength(0);
    const refused = await row(failing);
    expect([refused.sentAt, refused.attempts]).toEqual([null, 1]);
    expect(await t.mailQueue.sendDue(new Date(Date.now() + 10 * MIN))).toBe(1);
    expect(caught(failing)).toHaveLength(1);
  });

  it('waits longer after each failure', async () => {
    const to = address();
    mail.failNext(2);
    await t.mailQueue.send(letter(to));
    const first = await row(to);
    expect(first.attempts).toBe(1);
    expect(first.dueAt.getTime() - Date.now()).toBeLessThanOrEqual(1 * MIN + 1000);
    const at = new Date(first.dueAt.getTime() + 1000);
    expect(await t.mailQueue.sendDue(at)).toBe(0);
    const second = await row(to);
    expect(second.attempts).toBe(2);
    expect(second.dueAt.getTime() - at.getTime()).toBe(2 * MIN);
    expect(await t.mailQueue.sendDue(new Date(second.dueAt.getTime() + 1000))).toBe(1);
    expect(caught(to)).toHaveLength(1);
  });

  it('a send left half-way by a stopped process is sent by another once its claim runs out', async () => {
    const to = address();
    const now = new Date();
    // What a process leaves when it stops after writing and claiming a row, before sending.
    await t.database.db.insert(outgoingMail).values({
      ...letter(to),
      attempts: 1,
      dueAt: new Date(now.getTime() + MAIL_CLAIM_MS),
    });
    expect(await t.mailQueue.sendDue(now)).toBe(0);
    expect(await t.mailQueue.sendDue(new Date(now.getTime() + MAIL_CLAIM_MS + 1000))).toBe(1);
    expect(caught(to)).toHaveLength(1);
  });

  it('an account e-mail that fails is reported at once (503) and never sent late', async () => {
    const member = await createMember(t.database.db, { email: address() });
    mail.failNext(1);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register-email',
      payload: { email: member.email },
    });
    expect(res.statusCode).toBe(503);
    const failed = await row(member.email);
    expect(failed.failedAt).not.toBeNull();
    expect(failed.text).not.toContain('token=');
    expect(await t.mailQueue.sendDue(new Date(Date.now() + 24 * 60 * MIN))).toBe(0);
    expect(caught(member.email)).toHaveLength(0);
  });

  it.runIf(testDbKind === 'postgres')('two processes sending the queue at once send each mail once', async () => {
    const to = Array.from({ length: 12 }, address);
    mail.failNext(12);
    for (const a of to) await t.mailQueue.send(letter(a));
    const second = await buildSecondInstance(t);
    try {
      const later = new Date(Date.now() + 10 * MIN);
      const [a, b] = await Promise.all([t.mailQueue.sendDue(later), second.mailQueue.sendDue(later)]);
      expect(a + b).toBe(12);
      for (const x of to) expect(caught(x)).toHaveLength(1);
      const [left] = await queryRows<{ unsent: number }>(
        t.database.db,
        sql`SELECT count(*)::int AS unsent FROM outgoing_mail WHERE sent_at IS NULL AND failed_at IS NULL`,
      );
      expect(left!.unsent).toBe(0);
    } finally {
      await second.close();
    }
  });
});
