import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { authTokens, loginAttempts, pointsLedger, users } from '../../src/server/db/schema';
import { buildTestApp, type TestApp } from '../support/build-app';
import { createMember } from '../support/factories';
import { startMailCatcher, tokenFrom, type MailCatcher } from '../support/mail-catcher';

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

let n = 0;
const uniqueEmail = (name = 'member') => `${name}.${++n}.${Date.now().toString(36)}@example.org`;

// Per-IP limits count every call from one address: tests that count them, or make many
// calls, come from an address of their own (a new one per call to freshIp()).
let ipCounter = 0;
const freshIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

function post(url: string, payload?: object, cookie?: string, ip = '127.0.0.1') {
  return t.app.inject({
    method: 'POST',
    url,
    payload: payload ?? {},
    headers: cookie ? { cookie } : {},
    remoteAddress: ip,
  });
}
function sessionCookie(res: { cookies: Array<{ name: string; value: string }> }): string {
  const c = res.cookies.find((x) => x.name === 'jc_session');
  if (!c) throw new Error('no session cookie set');
  return `jc_session=${c.value}`;
}
async function currentUser(cookie: string) {
  return t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
}

/** Join through the real e-mail and return the signed-in cookie. */
async function join(email: string, password = 'a lovely password') {
  expect((await post('/api/auth/register-email', { email })).statusCode).toBe(200);
  const token = tokenFrom(mail.linkIn(await mail.waitFor(email)));
  const res = await post('/api/auth/verify-email', { token, password });
  expect(res.statusCode).toBe(200);
  return { cookie: sessionCookie(res), res };
}

describe('joining by e-mail', () => {
  it('e-mails a verification link to APP_URL/verify-email, written out in full in text and HTML', async () => {
    const email = uniqueEmail('join');
    const res = await post('/api/auth/register-email', { email });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toMatch(/check your email/i);
    const m = await mail.waitFor(email);
    expect(m.subject).toContain('Jigsaw Club');
    const link = mail.linkIn(m);
    expect(link).toMatch(/^http:\/\/club\.test\/verify-email\?token=[\w-]{20,}$/);
    expect(m.html).toContain(link);
    // The token is stored only as a hash.
    const rows = await t.database.db.select().from(authTokens).where(eq(authTokens.email, email));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).not.toBe(tokenFrom(link));
  });

  it('refuses a bad address with the documented message and sends nothing', async () => {
    const before = mail.messages.length;
    const res = await post('/api/auth/register-email', { email: 'not-an-email' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toEqual({ path: 'email', message: 'Please enter a valid email address' });
    expect(mail.messages.length).toBe(before);
  });

  it('answers the same for an address that already has an account, and tells its owner by e-mail', async () => {
    const member = await createMember(t.database.db, { email: uniqueEmail('existing') });
    const fresh = await post('/api/auth/register-email', { email: uniqueEmail('new') });
    const existing = await post('/api/auth/register-email', { email: member.email.toUpperCase() });
    expect(existing.statusCode).toBe(fresh.statusCode);
    expect(existing.body).toBe(fresh.body);
    const m = await mail.waitFor(member.email);
    expect(m.subject).toMatch(/already have an account/);
  });

  it('a failed send answers 503 "Failed to send verification email" and leaves nothing behind', async () => {
    const email = uniqueEmail('fail');
    mail.failNext(1);
    const res = await post('/api/auth/register-email', { email });
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe('Failed to send verification email');
    expect(await t.database.db.select().from(authTokens).where(eq(authTokens.email, email))).toHaveLength(0);
    expect(await t.database.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });

  it('setting the password activates the account, signs in, and gives the 5-point welcome gift through the ledger', async () => {
    const email = uniqueEmail('verify');
    const { cookie, res } = await join(email);
    const body = res.json();
    expect(body.autoLogin).toBe(true);
    expect(body.message).toBeTruthy();
    expect(body.user.email).toBe(email);
    expect(body.user.puzzlePoints).toBe(5);
    expect(body.user.hasSeenWelcomeGift).toBe(false);
    expect(JSON.stringify(body)).not.toMatch(/passwordHash|argon2/);

    const me = await currentUser(cookie);
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe(email);
    expect(me.body).not.toMatch(/passwordHash|password_hash|argon2|token/i);

    const ledger = await t.database.db.select().from(pointsLedger).where(eq(pointsLedger.userId, body.user.id));
    expect(ledger).toEqual([expect.objectContaining({ amount: 5, balanceAfter: 5, reason: 'welcome_gift' })]);
  });

  it('a used verification link fails with the documented message', async () => {
    const email = uniqueEmail('reuse');
    await post('/api/auth/register-email', { email });
    const token = tokenFrom(mail.linkIn(await mail.waitFor(email)));
    expect((await post('/api/auth/verify-email', { token, password: 'first password' })).statusCode).toBe(200);
    const again = await post('/api/auth/verify-email', { token, password: 'second password' });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('This verification link is invalid or has expired.');
    // Still exactly one welcome gift.
    const [u] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(u!.puzzlePoints).toBe(5);
  });

  it('an expired verification link fails and creates no account', async () => {
    const email = uniqueEmail('expired');
    await post('/api/auth/register-email', { email });
    const token = tokenFrom(mail.linkIn(await mail.waitFor(email)));
    await t.database.db
      .update(authTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authTokens.email, email));
    const res = await post('/api/auth/verify-email', { token, password: 'a fine password' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('This verification link is invalid or has expired.');
    expect(await t.database.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });

  it('a password under 8 characters is refused with the documented message', async () => {
    const res = await post('/api/auth/verify-email', { token: 'whatever', password: 'short' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ path: 'password', message: 'Password must be at least 8 characters' });
  });

  it('compares addresses case-insensitively: joined as Ann@…, signs in as ann@…', async () => {
    const email = uniqueEmail('CaseTest');
    await join(email);
    const res = await post('/api/auth/login', {
      email: email.toLowerCase().replace('casetest', 'CASETEST'),
      password: 'a lovely password',
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('signing in and out', () => {
  let email: string;
  beforeEach(async () => {
    email = uniqueEmail('signin');
    await createMember(t.database.db, { email, password: 'the right password', firstName: 'Joan' });
  });

  it('answers {user} with the first name and sets an httpOnly SameSite=Lax session cookie for the browser session', async () => {
    const res = await post('/api/auth/login', { email, password: 'the right password' });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ email, firstName: 'Joan' });
    expect(res.body).not.toMatch(/passwordHash/);
    const cookie = res.cookies.find((c) => c.name === 'jc_session')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.expires).toBeUndefined();
  });

  it('remember me keeps the member signed in for 30 days', async () => {
    const res = await post('/api/auth/login', { email, password: 'the right password', remember: true });
    const cookie = res.cookies.find((c) => c.name === 'jc_session')!;
    const days = (new Date(cookie.expires!).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
  });

  it('gives a new session id at every sign-in and ends the previous one', async () => {
    const first = sessionCookie(await post('/api/auth/login', { email, password: 'the right password' }));
    const second = sessionCookie(await post('/api/auth/login', { email, password: 'the right password' }, first));
    expect(second).not.toBe(first);
    expect((await currentUser(first)).statusCode).toBe(401);
    expect((await currentUser(second)).statusCode).toBe(200);
  });

  it('a wrong password and an unknown address get the same 401 answer', async () => {
    const wrong = await post('/api/auth/login', { email, password: 'not it at all' });
    const unknown = await post('/api/auth/login', { email: uniqueEmail('nobody'), password: 'not it at all' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe('Invalid email or password.');
    expect(unknown.body).toBe(wrong.body);
  });

  it('an empty password gets the documented message', async () => {
    const res = await post('/api/auth/login', { email, password: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ path: 'password', message: 'Password is required' });
  });

  it('refuses the 11th wrong password in a row with 429, even when the 11th is right', async () => {
    for (let i = 0; i < 10; i++) {
      expect((await post('/api/auth/login', { email, password: `wrong ${i}` })).statusCode).toBe(401);
    }
    const eleventh = await post('/api/auth/login', { email, password: 'the right password' });
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json().message).toMatch(/Too many unsuccessful sign-in attempts/);
  });

  it('sign-out ends the session on the server', async () => {
    const cookie = sessionCookie(await post('/api/auth/login', { email, password: 'the right password' }));
    const out = await post('/api/auth/logout', undefined, cookie);
    expect(out.statusCode).toBe(200);
    expect((await currentUser(cookie)).statusCode).toBe(401);
  });

  it('a cross-site sign-in attempt is refused with 403', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'the right password' },
      headers: { origin: 'https://phishing.example' },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('forgot and reset password', () => {
  it('answers byte-for-byte the same for a known and an unknown address', async () => {
    const known = await createMember(t.database.db, { email: uniqueEmail('known') });
    const a = await post('/api/auth/forgot-password', { email: known.email });
    const b = await post('/api/auth/forgot-password', { email: uniqueEmail('unknown') });
    expect(a.statusCode).toBe(200);
    expect(a.body).toBe(b.body);
    expect(a.headers['content-length']).toBe(b.headers['content-length']);
    expect(a.json().message).toBe(
      "If an account with that email exists, we've sent you a secure link to reset your password.",
    );
  });

  it('the e-mailed link resets the password once, signs out everywhere, and the new password works', async () => {
    const email = uniqueEmail('reset');
    await createMember(t.database.db, { email, password: 'old password here' });
    const oldSession = sessionCookie(await post('/api/auth/login', { email, password: 'old password here' }));
    await post('/api/auth/forgot-password', { email });
    const link = mail.linkIn(await mail.waitFor(email));
    expect(link).toMatch(/^http:\/\/club\.test\/reset-password\?token=/);
    const token = tokenFrom(link);

    const res = await post('/api/auth/reset-password', { token, password: 'brand new password' });
    expect(res.statusCode).toBe(200);
    expect((await currentUser(oldSession)).statusCode).toBe(401);
    expect((await post('/api/auth/login', { email, password: 'old password here' })).statusCode).toBe(401);
    expect((await post('/api/auth/login', { email, password: 'brand new password' })).statusCode).toBe(200);

    const again = await post('/api/auth/reset-password', { token, password: 'another password' });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('The password reset link is invalid or expired.');
  });

  it('an expired reset link fails', async () => {
    const email = uniqueEmail('reset-expired');
    await createMember(t.database.db, { email });
    await post('/api/auth/forgot-password', { email });
    const token = tokenFrom(mail.linkIn(await mail.waitFor(email)));
    await t.database.db
      .update(authTokens)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(and(eq(authTokens.email, email), eq(authTokens.purpose, 'reset_password')));
    expect((await post('/api/auth/reset-password', { token, password: 'brand new password' })).statusCode).toBe(400);
  });

  it('limits reset e-mails to 5 per address per 15 minutes, known or not', async () => {
    const known = await createMember(t.database.db, { email: uniqueEmail('flood') });
    const unknown = uniqueEmail('flood-unknown');
    for (const email of [known.email, unknown]) {
      for (let i = 0; i < 5; i++) expect((await post('/api/auth/forgot-password', { email })).statusCode).toBe(200);
      const sixth = await post('/api/auth/forgot-password', { email });
      expect(sixth.statusCode).toBe(429);
      expect(sixth.json().message).toMatch(/Please wait 15 minutes/);
    }
  });
});

describe('e-mail login link', () => {
  it('answers the same for any address; the link signs the member in once', async () => {
    const email = uniqueEmail('link');
    await createMember(t.database.db, { email });
    const a = await post('/api/auth/login-link', { email });
    const b = await post('/api/auth/login-link', { email: uniqueEmail('link-unknown') });
    expect(a.statusCode).toBe(200);
    expect(a.body).toBe(b.body);
    expect(a.json().message).toBe("We've sent a secure login link to your email");

    const link = mail.linkIn(await mail.waitFor(email));
    expect(link).toMatch(/^http:\/\/club\.test\/login-link\?token=/);
    const res = await post('/api/auth/login-link/verify', { token: tokenFrom(link) });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email).toBe(email);
    expect((await currentUser(sessionCookie(res))).statusCode).toBe(200);

    const again = await post('/api/auth/login-link/verify', { token: tokenFrom(link) });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('This sign-in link is invalid or has expired.');
  });
});

describe('welcome gift seen', () => {
  it('needs sign-in, and marks the gift as seen', async () => {
    expect((await post('/api/auth/mark-welcome-seen')).statusCode).toBe(401);
    const { cookie } = await join(uniqueEmail('welcome'));
    const res = await post('/api/auth/mark-welcome-seen', undefined, cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().hasSeenWelcomeGift).toBe(true);
    expect((await currentUser(cookie)).json().hasSeenWelcomeGift).toBe(true);
  });
});

describe('rate limits per IP', () => {
  it('lets 30 sign-ups from one address through, then eventually answers 429 with a message', async () => {
    let lastStatus = 0;
    for (let i = 0; i < 61; i++) {
      const res = await post('/api/auth/register-email', { email: uniqueEmail(`ip${i}`) });
      if (i < 30) expect(res.statusCode).toBe(200);
      lastStatus = res.statusCode;
      if (res.statusCode === 429) {
        expect(res.json().message).toMatch(/Too many attempts/);
        break;
      }
    }
    expect(lastStatus).toBe(429);
  });
});

describe('the failed sign-in lock', () => {
  async function fail10Times(email: string, ip: string) {
    for (let i = 0; i < 10; i++) {
      expect((await post('/api/auth/login', { email, password: `a wrong guess ${i}` }, undefined, ip)).statusCode).toBe(
        401,
      );
    }
    const locked = await post('/api/auth/login', { email, password: 'the real password' }, undefined, ip);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toMatch(/Forgot password/);
  }

  it('is lifted by a password reset: 10 failures, reset, and the new password signs in', async () => {
    const ip = freshIp();
    const email = uniqueEmail('locked');
    await createMember(t.database.db, { email, password: 'the real password' });
    await fail10Times(email, ip);

    expect((await post('/api/auth/forgot-password', { email }, undefined, ip)).statusCode).toBe(200);
    const token = tokenFrom(mail.linkIn(await mail.waitFor(email)));
    const reset = await post('/api/auth/reset-password', { token, password: 'my new password' }, undefined, ip);
    expect(reset.statusCode).toBe(200);

    const res = await post('/api/auth/login', { email, password: 'my new password' }, undefined, ip);
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email).toBe(email);
  });

  it('is lifted by signing in with an e-mailed login link', async () => {
    const ip = freshIp();
    const email = uniqueEmail('locked-link');
    await createMember(t.database.db, { email, password: 'the real password' });
    await fail10Times(email, ip);

    await post('/api/auth/login-link', { email }, undefined, ip);
    const token = tokenFrom(mail.linkIn(await mail.waitFor(email)));
    expect((await post('/api/auth/login-link/verify', { token }, undefined, ip)).statusCode).toBe(200);
    expect((await post('/api/auth/login', { email, password: 'the real password' }, undefined, ip)).statusCode).toBe(
      200,
    );
  });

  it('cannot be bypassed with parallel requests: of 20 wrong passwords at once, 10 are checked and 10 get 429', async () => {
    const ip = freshIp();
    const email = uniqueEmail('parallel');
    await createMember(t.database.db, { email, password: 'the real password' });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => post('/api/auth/login', { email, password: `guess ${i}` }, undefined, ip)),
    );
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    for (const refused of answers.filter((r) => r.statusCode === 429)) {
      expect(refused.json().message).toMatch(/Too many unsuccessful sign-in attempts/);
    }
    // Only the checked guesses are on record; the address stays locked, even for the right password.
    const attempts = await t.database.db.select().from(loginAttempts).where(eq(loginAttempts.email, email));
    expect(attempts.filter((a) => !a.succeeded)).toHaveLength(10);
    expect((await post('/api/auth/login', { email, password: 'the real password' }, undefined, ip)).statusCode).toBe(
      429,
    );
  });

  it('a right password in a burst of wrong ones signs in and starts the count again', async () => {
    const ip = freshIp();
    const email = uniqueEmail('burst');
    await createMember(t.database.db, { email, password: 'the real password' });
    for (let i = 0; i < 9; i++) await post('/api/auth/login', { email, password: `guess ${i}` }, undefined, ip);
    expect((await post('/api/auth/login', { email, password: 'the real password' }, undefined, ip)).statusCode).toBe(
      200,
    );
    // The 9 failures before the success no longer count: 10 more wrong guesses are checked.
    for (let i = 0; i < 10; i++) {
      expect((await post('/api/auth/login', { email, password: `again ${i}` }, undefined, ip)).statusCode).toBe(401);
    }
    expect((await post('/api/auth/login', { email, password: 'the real password' }, undefined, ip)).statusCode).toBe(
      429,
    );
  });
});

describe('after a password reset', () => {
  it('every other unused reset link and login link for the address stops working; other addresses keep theirs', async () => {
    const ip = freshIp();
    const email = uniqueEmail('many-links');
    const other = uniqueEmail('other-links');
    await createMember(t.database.db, { email, password: 'the old password' });
    await createMember(t.database.db, { email: other });

    // Two reset links and a login link for the address, and a login link for someone else.
    await post('/api/auth/forgot-password', { email }, undefined, ip);
    await post('/api/auth/forgot-password', { email }, undefined, ip);
    await post('/api/auth/login-link', { email }, undefined, ip);
    await post('/api/auth/login-link', { email: other }, undefined, ip);
    const links = [];
    for (let i = 0; i < 3; i++) links.push(mail.linkIn(await mail.waitFor(email)));
    const resetLinks = links.filter((l) => l.includes('/reset-password?'));
    const loginLink = links.find((l) => l.includes('/login-link?'))!;
    expect(resetLinks).toHaveLength(2);
    const othersLink = mail.linkIn(await mail.waitFor(other));

    const used = await post(
      '/api/auth/reset-password',
      { token: tokenFrom(resetLinks[1]!), password: 'the new password' },
      undefined,
      ip,
    );
    expect(used.statusCode).toBe(200);

    const otherReset = await post(
      '/api/auth/reset-password',
      { token: tokenFrom(resetLinks[0]!), password: 'someone elses password' },
      undefined,
      ip,
    );
    expect(otherReset.statusCode).toBe(400);
    expect(otherReset.json().message).toBe('The password reset link is invalid or expired.');
    const viaLink = await post('/api/auth/login-link/verify', { token: tokenFrom(loginLink) }, undefined, ip);
    expect(viaLink.statusCode).toBe(400);
    expect(viaLink.json().message).toBe('This sign-in link is invalid or has expired.');
    expect(viaLink.cookies.find((c) => c.name === 'jc_session')).toBeUndefined();
    // The password set by the link that was used is the one that works.
    expect((await post('/api/auth/login', { email, password: 'the new password' }, undefined, ip)).statusCode).toBe(
      200,
    );

    expect(
      (await post('/api/auth/login-link/verify', { token: tokenFrom(othersLink) }, undefined, ip)).statusCode,
    ).toBe(200);
  });
});

describe('every call, failure and message', () => {
  it('the sign-in limit per IP lets 50 sign-ins through, then answers 429 with a readable message', async () => {
    const ip = freshIp();
    // 50 real sign-ins (wrong passwords for different addresses): none is refused.
    for (let i = 0; i < 50; i++) {
      const res = await post(
        '/api/auth/login',
        { email: uniqueEmail(`ip-login${i}`), password: 'nope' },
        undefined,
        ip,
      );
      expect(res.statusCode).toBe(401);
    }
    // The limit counts every call, so the rest of it is used up with quick (invalid) ones.
    let refused;
    for (let i = 0; i < 200 && !refused; i++) {
      const res = await post('/api/auth/login', { email: 'quick@example.org', password: '' }, undefined, ip);
      if (res.statusCode === 429) refused = res;
      else expect(res.statusCode).toBe(400);
    }
    expect(refused?.json().message).toBe(
      'Too many attempts from your network. Please wait a few minutes and try again.',
    );
    // Even the right password is refused from that network; another network is unaffected.
    const email = uniqueEmail('ip-member');
    await createMember(t.database.db, { email, password: 'the real password' });
    expect((await post('/api/auth/login', { email, password: 'the real password' }, undefined, ip)).statusCode).toBe(
      429,
    );
    expect(
      (await post('/api/auth/login', { email, password: 'the real password' }, undefined, freshIp())).statusCode,
    ).toBe(200);
  });

  it('limits join e-mails to 5 per address per 15 minutes, for a new address and a member alike', async () => {
    const member = await createMember(t.database.db, { email: uniqueEmail('join-flood-member') });
    for (const email of [uniqueEmail('join-flood'), member.email]) {
      for (let i = 0; i < 5; i++) {
        expect((await post('/api/auth/register-email', { email }, undefined, freshIp())).statusCode).toBe(200);
      }
      const sixth = await post('/api/auth/register-email', { email }, undefined, freshIp());
      expect(sixth.statusCode).toBe(429);
      expect(sixth.json().message).toBe(
        'Too many e-mails have been asked for this address. Please wait 15 minutes and try again.',
      );
    }
  });

  it('limits login-link e-mails to 5 per address per 15 minutes, known or not', async () => {
    const known = await createMember(t.database.db, { email: uniqueEmail('link-flood') });
    for (const email of [known.email, uniqueEmail('link-flood-unknown')]) {
      for (let i = 0; i < 5; i++) {
        expect((await post('/api/auth/login-link', { email }, undefined, freshIp())).statusCode).toBe(200);
      }
      const sixth = await post('/api/auth/login-link', { email }, undefined, freshIp());
      expect(sixth.statusCode).toBe(429);
      expect(sixth.json().message).toMatch(/Too many e-mails have been asked for this address/);
    }
  });

  it.each([
    ['/api/auth/verify-email', { token: 'not-a-real-token', password: 'short' }],
    ['/api/auth/reset-password', { token: 'not-a-real-token', password: 'short' }],
    ['/api/auth/login-link/verify', { token: 'not-a-real-token' }],
  ])('%s is limited per IP: after 60 calls in 15 minutes, 429 with a message', async (url, payload) => {
    const ip = freshIp();
    for (let i = 0; i < 60; i++) expect((await post(url, payload, undefined, ip)).statusCode).toBe(400);
    const refused = await post(url, payload, undefined, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(
      'Too many attempts from your network. Please wait a few minutes and try again.',
    );
    expect((await post(url, payload, undefined, freshIp())).statusCode).toBe(400);
  });

  it('an expired login link fails with the documented message and signs nobody in', async () => {
    const email = uniqueEmail('link-expired');
    await createMember(t.database.db, { email });
    await post('/api/auth/login-link', { email }, undefined, freshIp());
    const token = tokenFrom(mail.linkIn(await mail.waitFor(email)));
    await t.database.db
      .update(authTokens)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(and(eq(authTokens.email, email), eq(authTokens.purpose, 'login_link')));
    const res = await post('/api/auth/login-link/verify', { token }, undefined, freshIp());
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('This sign-in link is invalid or has expired.');
    expect(res.cookies.find((c) => c.name === 'jc_session')).toBeUndefined();
  });

  it('a second verify link for an account that is already active says so', async () => {
    const ip = freshIp();
    const email = uniqueEmail('twice');
    await post('/api/auth/register-email', { email }, undefined, ip);
    await post('/api/auth/register-email', { email }, undefined, ip);
    const first = tokenFrom(mail.linkIn(await mail.waitFor(email)));
    const second = tokenFrom(mail.linkIn(await mail.waitFor(email)));
    expect(
      (await post('/api/auth/verify-email', { token: first, password: 'first password' }, undefined, ip)).statusCode,
    ).toBe(200);
    const res = await post('/api/auth/verify-email', { token: second, password: 'second password' }, undefined, ip);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('This account is already active. Please sign in.');
    // The first password stands and there is one welcome gift.
    expect((await post('/api/auth/login', { email, password: 'first password' }, undefined, ip)).statusCode).toBe(200);
    const [u] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(u!.puzzlePoints).toBe(5);
  });

  it('a new password under 8 characters is refused on reset-password with the documented message', async () => {
    const res = await post('/api/auth/reset-password', { token: 'whatever', password: 'short' }, undefined, freshIp());
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ path: 'password', message: 'Password must be at least 8 characters' });
  });

  it('a verify link used on the reset endpoint fails, and still works for joining', async () => {
    const ip = freshIp();
    const email = uniqueEmail('wrong-purpose');
    await post('/api/auth/register-email', { email }, undefined, ip);
    const token = tokenFrom(mail.linkIn(await mail.waitFor(email)));
    const res = await post('/api/auth/reset-password', { token, password: 'a fine password' }, undefined, ip);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The password reset link is invalid or expired.');
    expect(await t.database.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
    expect(
      (await post('/api/auth/verify-email', { token, password: 'a fine password' }, undefined, ip)).statusCode,
    ).toBe(200);
  });
});
