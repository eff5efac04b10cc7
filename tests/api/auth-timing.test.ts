import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { afterReplyIdle } from '../../src/server/http/after-reply';
import { buildTestApp, type TestApp } from '../support/build-app';
import { createMember } from '../support/factories';
import { runOnOneDatabase } from '../support/test-database';

// The e-mail calls answer in the same time whether or not the address has an account, so
// their timing cannot tell an attacker who is a member (issue 16, point 5). Measured as an
// attacker would: many calls for members' addresses and strangers', each its own address (the
// per-address limit allows 5) from its own IP (so is the per-IP limit), member and stranger
// calls interleaved so that a busy moment on the machine slows both alike, and medians
// compared. Work that runs after the answer is waited for between calls (it is not part of
// the answer, and would otherwise slow whichever call came next).

const CALLS = 200;
const WARM_UP = 20;

// The timing is the handlers' (a real hash whether or not the address has an account), the
// same whichever database answers: it runs once (runOnOneDatabase), on PostgreSQL when the run
// has it.
describe.runIf(runOnOneDatabase)('e-mail calls take as long for strangers as for members', () => {
  let t: TestApp;
  let members: string[];
  beforeAll(async () => {
    t = await buildTestApp({ smtpUrl: undefined });
    members = [];
    // A few at a time: each is its own transaction.
    for (let i = 0; i < CALLS + WARM_UP; i += 20) {
      const batch = await Promise.all(Array.from({ length: 20 }, () => createMember(t.database.db)));
      members.push(...batch.map((m) => m.email));
    }
  });
  afterAll(async () => {
    await t.close();
  });

  let ipCounter = 0;
  const freshIp = () => {
    ipCounter += 1;
    return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
  };

  async function timedCall(url: string, email: string): Promise<number> {
    const started = process.hrtime.bigint();
    const res = await t.app.inject({ method: 'POST', url, payload: { email }, remoteAddress: freshIp() });
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    expect(res.statusCode, res.body).toBe(200);
    await afterReplyIdle(t.ctx);
    return ms;
  }

  function median(values: number[]): number {
    const sorted = [...values].sort((a, b) => a - b);
    const mid = sorted.length / 2;
    return (sorted[Math.floor(mid - 0.5)]! + sorted[Math.ceil(mid - 0.5)]!) / 2;
  }

  const mailFiles = () => {
    const dir = path.join(t.ctx.config.dataDir, 'mail');
    return fs.existsSync(dir) ? fs.readdirSync(dir).length : 0;
  };

  let round = 0;

  /** Times CALLS calls for members and as many for strangers, after a warm-up, interleaved. */
  async function measure(url: string) {
    const member: number[] = [];
    const stranger: number[] = [];
    round += 1; // a measurement taken again asks for strangers never asked for before
    for (let i = 0; i < CALLS + WARM_UP; i++) {
      const strangerEmail = `stranger.${round}.${i}.${url.split('/').pop()}@example.net`;
      // Alternate who goes first, so neither always follows the other.
      const pair = [
        async () => member.push(await timedCall(url, members[i]!)),
        async () => stranger.push(await timedCall(url, strangerEmail)),
      ];
      if (i % 2 === 1) pair.reverse();
      for (const call of pair) await call();
      if (i < WARM_UP) {
        member.length = 0;
        stranger.length = 0;
      }
    }
    return { member: median(member), stranger: median(stranger) };
  }

  describe.each([
    // Members get their link after the answer; strangers get nothing.
    { url: '/api/auth/forgot-password', mailsPerRound: 1 },
    { url: '/api/auth/login-link', mailsPerRound: 1 },
    // Everybody gets an e-mail: a verify link, or "you are already a member" with a sign-in link.
    { url: '/api/auth/register-email', mailsPerRound: 2 },
  ])('$url', ({ url, mailsPerRound }) => {
    // Measured once more before it fails: a leak (a hash or a statement one side skips) shows
    // in both measurements, while a busy moment of the machine (CI runs other files on the
    // same two cores; a call takes 30 ms on a slow machine) seldom lands on one side twice.
    // Seen once in a clean-clone run on 1 Dec 2026 (29.3 against 30.7 ms); it passed in both
    // runs of the file on its own that followed.
    it(
      'answers a member and a stranger in the same time (medians of 200 calls each differ by less than 1 ms)',
      { retry: 1 },
      async () => {
        const mailsBefore = mailFiles();
        const { member, stranger } = await measure(url);
        expect(
          Math.abs(member - stranger),
          `member ${member.toFixed(3)} ms, stranger ${stranger.toFixed(3)} ms`,
        ).toBeLessThan(1);
        // The work still happened, after the answers.
        expect(mailFiles() - mailsBefore).toBe((CALLS + WARM_UP) * mailsPerRound);
      },
    );
  });
});
