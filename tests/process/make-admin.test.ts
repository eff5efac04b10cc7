import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { openEmbedded } from '../../src/server/db/client';
import { adminActions, users } from '../../src/server/db/schema';
import { createMember } from '../support/factories';
import { repoRoot, runScript } from '../support/process';
import { tempDir, testDbKind } from '../support/test-database';

// `npm run make-admin -- EMAIL` as an operator runs it: a real process on a real data folder
// (the embedded database; the command itself is the same on PostgreSQL).

const STORED_EMAIL = 'Joan.Baker@example.org';

async function makeAdmin(dataDir: string, email: string) {
  const proc = runScript('scripts/make-admin.ts', { DATA_DIR: dataDir, DATABASE_URL: '' }, [email]);
  const code = await proc.exited;
  return { code, output: proc.output() };
}

async function readMember(dataDir: string) {
  const database = await openEmbedded(dataDir);
  try {
    const [member] = await database.db.select().from(users).where(eq(users.email, STORED_EMAIL));
    const actions = await database.db.select().from(adminActions).where(eq(adminActions.action, 'grant_admin'));
    return { member: member!, actions };
  } finally {
    await database.close();
  }
}

describe.skipIf(testDbKind !== 'embedded')('npm run make-admin -- EMAIL', () => {
  let dataDir = '';
  beforeAll(async () => {
    dataDir = tempDir('make-admin');
    // A copy of the migrated test template, so the test need not create a database from scratch.
    const template = new Blob([fs.readFileSync(inject('pgliteTemplatePath'))]);
    const database = await openEmbedded(dataDir, { loadDataDir: template, migrate: false });
    try {
      await createMember(database.db, { email: STORED_EMAIL, isAdmin: false });
    } finally {
      await database.close();
    }
  });

  it('is the npm script the README documents', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(pkg.scripts['make-admin']).toBe('tsx scripts/make-admin.ts');
  });

  it('makes an existing member an administrator, whatever the letter case of the address given', async () => {
    const result = await makeAdmin(dataDir, 'JOAN.baker@EXAMPLE.ORG');
    expect(result.code).toBe(0);
    expect(result.output.trim()).toBe(`${STORED_EMAIL} is now an administrator.`);
    const { member, actions } = await readMember(dataDir);
    expect(member.isAdmin).toBe(true);
    expect(actions).toHaveLength(1);
    expect(actions[0]!.target).toBe(`user:${member.id}`);

    // Running it again is harmless and says so.
    const again = await makeAdmin(dataDir, 'joan.baker@example.org');
    expect(again.code).toBe(0);
    expect(again.output.trim()).toBe(`${STORED_EMAIL} is already an administrator.`);
    expect((await readMember(dataDir)).actions).toHaveLength(1);
  });

  it('an unknown address: one clear line and a non-zero exit code', async () => {
    const result = await makeAdmin(dataDir, 'nobody@example.org');
    expect(result.code).not.toBe(0);
    const lines = result.output.trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toBe('jigsaw-club: No member with the e-mail nobody@example.org. They must register first.');
  });

  it('no address: one line saying how to use it', async () => {
    const proc = runScript('scripts/make-admin.ts', { DATA_DIR: dataDir, DATABASE_URL: '' });
    expect(await proc.exited).not.toBe(0);
    expect(proc.output().trimEnd().split('\n')).toEqual(['jigsaw-club: usage: npm run make-admin -- EMAIL']);
  });
});
