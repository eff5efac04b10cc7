import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../src/server/db/client';
import { adminActions, users } from '../../src/server/db/schema';
import type { NewMemberInput } from '../support/factories';
import { signedInMember, startTradeTestApp, type SignedIn, type TradeTestEnv } from './trades-fixtures';

// Shared by the admin API tests: an app with a real SMTP catcher and a signed-in
// administrator, and a look at the activity log.

export type AdminTestEnv = TradeTestEnv & { admin: SignedIn };

/** A signed-in member who is an administrator. */
export async function signedInAdmin(db: DbOrTx, input: NewMemberInput = {}): Promise<SignedIn> {
  const admin = await signedInMember(db, { firstName: 'Eleanor', lastName: 'Whitfield', ...input });
  await db.update(users).set({ isAdmin: true }).where(eq(users.id, admin.id));
  return { ...admin, isAdmin: true };
}

export async function startAdminTestApp(): Promise<AdminTestEnv> {
  const env = await startTradeTestApp();
  return { ...env, admin: await signedInAdmin(env.t.database.db) };
}

/** The activity log's newest row of this action. */
export async function lastLogged(db: DbOrTx, action: string) {
  const [row] = await db
    .select()
    .from(adminActions)
    .where(eq(adminActions.action, action))
    .orderBy(desc(adminActions.id))
    .limit(1);
  return row;
}
