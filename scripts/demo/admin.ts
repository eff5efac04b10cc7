import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../src/server/db/client';
import { tradingFeedback, users } from '../../src/server/db/schema';
import { addManufacturer, addSetting } from '../../src/server/admin/catalogue-actions';
import { adjustPoints, suspendMember } from '../../src/server/admin/member-actions';
import { reportFeedback } from '../../src/server/feedback/feedback-service';
import { noNotices } from '../../src/server/notices/notices';
import { ADMIN_EMAIL } from './members';
import type { SeedStep } from './steps';

// The demo club's administration (docs/product/administration.md): some history in the activity log (a brand
// added, settings, points granted, the dispute the trades step resolved), a report waiting
// for a decision, and a suspended member. Made through the admin services themselves, so the
// log says what the app would say, dated in the past. Nobody is e-mailed.
//
// Idempotent and SIGKILL-safe: one transaction, skipped once the suspended member is.

const DAY_MS = 24 * 60 * 60 * 1000;
export const SUSPENDED_EMAIL = 'trevor.baxter@example.org';
export const DEMO_BRAND = 'Wasgij';
const REPORTER_EMAIL = 'rajesh.patel@example.org';
const REPORTED_AUTHOR_EMAIL = 'brenda.mcallister@example.org';

export const adminStep: SeedStep = {
  name: 'admin',
  async run(db, ctx) {
    const admin = ctx.members.get(ADMIN_EMAIL);
    const suspended = ctx.members.get(SUSPENDED_EMAIL);
    const granted = ctx.members.get('margaret.hughes@example.org');
    const reporter = ctx.members.get(REPORTER_EMAIL);
    const author = ctx.members.get(REPORTED_AUTHOR_EMAIL);
    if (!admin || !suspended || !granted || !reporter || !author) return;
    const [current] = await db.select().from(users).where(eq(users.id, suspended.id));
    if (!current || current.suspendedAt !== null) return;

    const ago = (days: number) => new Date(ctx.now.getTime() - days * DAY_MS);
    await db.transaction(async (tx) => {
      const deps = { db: tx, notices: noNotices };
      await addManufacturer(deps, admin.id, DEMO_BRAND, ago(40));
      await addSetting(
        deps,
        admin.id,
        {
          category: 'trading',
          key: 'pendingRequestExpiryDays',
          value: 7,
          description: 'A week for owners to answer a request, as the club agreed at the spring meeting.',
        },
        ago(35),
      );
      await addSetting(
        deps,
        admin.id,
        {
          category: 'platform',
          key: 'clubNight',
          value: { day: 'Thursday', place: 'York Explore Library', time: '19:00' },
          description: 'When and where members meet (shown in newsletters).',
        },
        ago(33),
      );
      await adjustPoints(
        deps,
        admin.id,
        granted.id,
        { amount: 5, reason: 'Thank you for running the swap table at the summer fair' },
        ago(12),
      );
      await reportBrendasFeedback(tx, reporter.id, author.id, ago(4));
      await suspendMember(
        deps,
        admin.id,
        suspended.id,
        {
          reason: 'Sent unkind messages to two members after a declined request. Back after a cooling-off fortnight.',
          until: new Date(ctx.now.getTime() + 14 * DAY_MS).toISOString(),
        },
        ago(1),
      );
    });
    ctx.log(`Demo administration: activity history, a report waiting, ${SUSPENDED_EMAIL} suspended`);
  },
};

/** A member reports feedback they received and disagree with: it waits on the reports tab. */
async function reportBrendasFeedback(tx: DbOrTx, reporterId: number, authorId: number, at: Date): Promise<void> {
  const [feedback] = await tx
    .select({ id: tradingFeedback.id })
    .from(tradingFeedback)
    .where(and(eq(tradingFeedback.fromUserId, authorId), eq(tradingFeedback.toUserId, reporterId)));
  if (!feedback) return;
  await reportFeedback(
    tx,
    { id: reporterId, isAdmin: false },
    feedback.id,
    { reason: 'other', details: 'I did tell Brenda it arrived: I sent her a message the same evening.' },
    'feedback',
    at,
  );
}
