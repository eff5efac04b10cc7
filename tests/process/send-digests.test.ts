import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { openEmbedded } from '../../src/server/db/client';
import { digestsSent, tradingNotifications } from '../../src/server/db/schema';
import { createMember } from '../support/factories';
import { repoRoot, runScript } from '../support/process';
import { tempDir, testDbKind } from '../support/test-database';

// `npm run send-digests -- daily|weekly` as an operator runs it (docs/product/email.md#digests):
// a real process on a real data folder, with no SMTP_URL, so each e-mail is an .eml file in
// DATA_DIR/mail. The embedded database only; the command is the same on PostgreSQL.

const EMAIL = 'Nora.Digest@example.org';
const APP_URL = 'http://club.test';

async function sendDigests(dataDir: string, args: string[]) {
  const proc = runScript(
    'scripts/send-digests.ts',
    { DATA_DIR: dataDir, DATABASE_URL: '', SMTP_URL: '', APP_URL, UNSUBSCRIBE_SECRET: '' },
    args,
  );
  const code = await proc.exited;
  return { code, output: proc.output() };
}

/** The .eml files written so far, oldest first, headers unfolded. */
function mailFiles(dataDir: string): string[] {
  const dir = path.join(dataDir, 'mail');
  if (!fs.existsSync(dir)) return [];
  return (
    fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.eml'))
      .sort()
      // Long header lines are folded (RFC 5322): unfold them to read each header whole.
      .map((f) => fs.readFileSync(path.join(dir, f), 'utf8').replace(/\r?\n[ \t]+/g, ' '))
  );
}

describe.skipIf(testDbKind !== 'embedded')('npm run send-digests -- daily|weekly', () => {
  let dataDir = '';
  let memberId = 0;
  beforeAll(async () => {
    dataDir = tempDir('send-digests');
    // A copy of the migrated test template, so the test need not create a database from scratch.
    const template = new Blob([fs.readFileSync(inject('pgliteTemplatePath'))]);
    const database = await openEmbedded(dataDir, { loadDataDir: template, migrate: false });
    try {
      // Forum replies once a day, and one reply in the last hour: news for the daily digest only.
      const member = await createMember(database.db, { email: EMAIL, firstName: 'Nora', emailForum: 'daily' });
      memberId = member.id;
      await database.db.insert(tradingNotifications).values({
        userId: member.id,
        tradeRequestId: null,
        type: 'forum_reply',
        title: 'Olive replied to your post "Autumn puzzles"',
        message: 'The mill one was lovely.',
        link: '/community?post=1',
        createdAt: new Date(Date.now() - 60 * 60 * 1000),
      });
    } finally {
      await database.close();
    }
  });

  it('is the npm script the README documents', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(pkg.scripts['send-digests']).toBe('tsx scripts/send-digests.ts');
  });

  it('daily sends the digest now and exits; run again at once it sends nothing', async () => {
    const first = await sendDigests(dataDir, ['daily']);
    expect(first.code, first.output).toBe(0);
    expect(first.output.trim()).toBe('jigsaw-club: 1 daily digest sent');
    const [mail, ...more] = mailFiles(dataDir);
    expect(more).toEqual([]);
    expect(mail).toContain('Subject: Your daily summary');
    expect(mail).toMatch(/^To: nora\.digest@example\.org$/im);
    expect(mail).toContain('Olive replied to your post');
    expect(mail).toMatch(/^List-Unsubscribe: <http:\/\/club\.test\/api\/unsubscribe\?token=\d+\.digest_daily\./m);
    expect(mail).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    expect(mail).toContain('Content-Type: text/plain');
    expect(mail).toContain('Content-Type: text/html');

    const again = await sendDigests(dataDir, ['daily']);
    expect(again.code, again.output).toBe(0);
    expect(again.output.trim()).toBe('jigsaw-club: 0 daily digests sent');
    expect(mailFiles(dataDir)).toHaveLength(1);

    const database = await openEmbedded(dataDir, { migrate: false });
    try {
      const rows = await database.db.select().from(digestsSent).where(eq(digestsSent.memberId, memberId));
      expect(rows.map((r) => [r.kind, r.emailed])).toEqual([
        ['daily', true],
        ['daily', false],
      ]);
    } finally {
      await database.close();
    }
  });

  it('weekly with nothing of that period new sends nothing', async () => {
    const weekly = await sendDigests(dataDir, ['weekly']);
    expect(weekly.code, weekly.output).toBe(0);
    expect(weekly.output.trim()).toBe('jigsaw-club: 0 weekly digests sent');
    expect(mailFiles(dataDir)).toHaveLength(1);
  });

  it('no kind, or another word: one line saying how to use it and a non-zero exit', async () => {
    for (const args of [[], ['monthly']]) {
      const result = await sendDigests(dataDir, args);
      expect(result.code).not.toBe(0);
      expect(result.output.trimEnd().split('\n')).toEqual(['jigsaw-club: usage: npm run send-digests -- daily|weekly']);
    }
  });
});
