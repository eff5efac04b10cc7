// `npm run make-admin -- EMAIL`: makes an existing member an administrator. This is how a
// club gets its first admin; later admins are made from the admin panel.
import { eq, sql } from 'drizzle-orm';
import { ConfigError, loadConfig } from '../src/server/config';
import { DatabaseStartError, openDatabase } from '../src/server/db/client';
import { DataDirLockedError } from '../src/server/db/data-dir-lock';
import { adminActions, users } from '../src/server/db/schema';

function fail(message: string): never {
  process.stderr.write(`jigsaw-club: ${message}\n`);
  process.exit(1);
}

async function main(): Promise<void> {
  const email = process.argv[2]?.trim();
  if (!email) fail('usage: npm run make-admin -- EMAIL');

  let database;
  try {
    database = await openDatabase(loadConfig());
  } catch (err) {
    if (err instanceof ConfigError || err instanceof DatabaseStartError || err instanceof DataDirLockedError) {
      fail(err.message);
    }
    throw err;
  }

  // The member's e-mail as stored (the argument may differ in case).
  let outcome: { result: 'made' | 'already'; email: string } | undefined;
  try {
    outcome = await database.db.transaction(async (tx) => {
      const [member] = await tx
        .select({ id: users.id, email: users.email, isAdmin: users.isAdmin })
        .from(users)
        .where(sql`lower(${users.email}) = lower(${email})`)
        .for('update');
      if (!member) return undefined;
      if (member.isAdmin) return { result: 'already' as const, email: member.email };
      await tx.update(users).set({ isAdmin: true }).where(eq(users.id, member.id));
      // The activity log shows this like an admin-panel change. adminId is nullable (the log
      // outlives deleted admins), and here no admin acted: the operator ran a command.
      await tx.insert(adminActions).values({
        adminId: null,
        action: 'grant_admin',
        target: `user:${member.id}`,
        details: { email: member.email, via: 'make-admin command' },
      });
      return { result: 'made' as const, email: member.email };
    });
  } finally {
    await database.close();
  }

  if (!outcome) fail(`No member with the e-mail ${email}. They must register first.`);
  console.log(`${outcome.email} is ${outcome.result === 'made' ? 'now' : 'already'} an administrator.`);
}

main().catch((err: unknown) => {
  fail(`make-admin failed: ${(err as Error).message}`);
});
