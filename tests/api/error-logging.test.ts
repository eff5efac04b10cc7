import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { createSession } from '../../src/server/auth/sessions-repository';
import type { Database } from '../../src/server/db/client';
import { createInProcessEventBus } from '../../src/server/events/event-bus';
import { createLogger } from '../../src/server/http/logging';
import { createMailer } from '../../src/server/mail/mailer';
import { createPictureStorage } from '../../src/server/uploads/create-storage';
import { testConfig } from '../support/build-app';
import { createMember } from '../support/factories';
import { createTestDatabase } from '../support/test-database';

// Issue 16 point 1: a failed query's log line carried the member's phone and address (the
// driver's error names the query and its parameters). The log holds what an operator needs
// to find the fault (the error's class, its SQLSTATE code, constraint and table, and where in
// our code) and never a value from the request.

const lines: string[] = [];
let database: Database;
let app: Awaited<ReturnType<typeof buildApp>>;

// What the member sends: none of it may appear in the log.
const PHONE = '07700 900461';
const body = {
  firstName: 'Philippa',
  lastName: 'Ravenscroft',
  phone: PHONE,
  line_1: '221B Quillington Mews',
  town_or_city: 'Little Snoring',
  postcode: 'NR21 0AB',
};

beforeAll(async () => {
  const sink = new Writable({
    write(chunk, _enc, cb) {
      lines.push(String(chunk));
      cb();
    },
  });
  const logger = createLogger('info', sink);
  database = await createTestDatabase();
  const config = testConfig();
  const mailer = createMailer({ smtpUrl: undefined, from: config.mailFrom, dataDir: config.dataDir, log: logger });
  const pictures = createPictureStorage(config);
  app = await buildApp({ config, database, mailer, events: createInProcessEventBus(), pictures }, { logger });
  await app.ready();
  // A real failure inside the database, as a broken migration or a full disk would give:
  // this member's profile update is refused by a trigger whose message quotes the value.
  await database.db.execute(sql`
    CREATE FUNCTION refuse_for_test() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN RAISE EXCEPTION 'refused phone "%"', NEW.phone USING ERRCODE = 'P0001'; END $$`);
  await database.db.execute(
    sql.raw(`
    CREATE TRIGGER refuse_for_test BEFORE UPDATE ON users FOR EACH ROW
    WHEN (NEW.phone = '${PHONE}') EXECUTE FUNCTION refuse_for_test()`),
  );
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe('the log of a failed query', () => {
  it('names the error (class, code, table, where) but holds no value the member sent', async () => {
    const member = await createMember(database.db, { email: 'philippa.ravenscroft@example.org' });
    const { token } = await createSession(database.db, member.id, false);
    const res = await app.inject({
      method: 'PATCH',
      url: '/api/profile',
      payload: body,
      headers: { cookie: `jc_session=${token}` },
    });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Something went wrong on our side. Please try again.' });

    const failure = lines.map((line) => JSON.parse(line)).find((entry) => entry.msg === 'request failed');
    expect(failure).toBeDefined();
    expect(failure.err).toMatchObject({ type: 'DrizzleQueryError', code: 'P0001', message: 'refused phone "…"' });
    expect(failure.err.stack.length).toBeGreaterThan(0);
    expect(failure.err.stack.every((frame: string) => frame.startsWith('at '))).toBe(true);

    const log = lines.join('');
    for (const value of [...Object.values(body), 'philippa.ravenscroft', token]) {
      expect(log, `the log holds ${value}`).not.toContain(value);
    }
    expect(log).not.toMatch(/params|Failed query/);
  });
});
