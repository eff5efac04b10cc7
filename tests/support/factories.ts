import { eq } from 'drizzle-orm';
import { WELCOME_GIFT_POINTS } from '../../src/domain/constants';
import type { DbOrTx } from '../../src/server/db/client';
import { hashPassword } from '../../src/server/auth/passwords';
import { pointsLedger, puzzleListings, users, type NewPuzzleListing } from '../../src/server/db/schema';

// Factories shared by tests and the demo seed: each makes a believable, valid row, and keeps
// the rules the app keeps (here: every point a member holds has a ledger row, docs/product/points.md#the-ledger).

export type NewMemberInput = Partial<Omit<typeof users.$inferInsert, 'puzzlePoints'>> & {
  password?: string;
  /** Starting balance (default the welcome gift, 5). */
  points?: number;
  /** Same as `points`, kept so callers can pass a users row shape. */
  puzzlePoints?: number;
};

let sequence = 0;

/**
 * A member with a complete profile and an active account (password 'correct horse battery').
 *
 * The balance is never written directly: the member starts at 0 and gets the welcome gift as
 * a ledger row, like a real sign-up. Any other starting balance is one more 'admin_grant'
 * row (negative when below the gift, as an admin correction), so that balances always equal
 * the ledger sum. Everything happens in one transaction (a savepoint when `db` is already one).
 */
export async function createMember(db: DbOrTx, input: NewMemberInput = {}) {
  // Taken before the first await: members made in parallel (Promise.all) each get their own.
  const n = ++sequence;
  const { password = 'correct horse battery', points, puzzlePoints, ...overrides } = input;
  const balance = points ?? puzzlePoints ?? WELCOME_GIFT_POINTS;
  if (!Number.isInteger(balance) || balance < 0) throw new Error(`createMember: bad points ${balance}`);
  const passwordHash = await hashForTests(password);

  return db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(users)
      .values({
        email: `member${n}.${Date.now().toString(36)}@example.org`,
        passwordHash,
        emailVerified: true,
        firstName: 'Margaret',
        lastName: 'Hughes',
        phone: '01632 960123',
        country: 'United Kingdom',
        line_1: '12 Orchard Lane',
        town_or_city: 'Harrogate',
        county: 'North Yorkshire',
        postcode: 'HG1 2AB',
        profileCompleted: true,
        hasSeenWelcomeGift: true,
        ...overrides,
        puzzlePoints: 0,
      })
      .returning();
    const member = inserted!;

    // Dated like the account, so a back-dated demo member's history reads naturally.
    const at = member.joinedAt;
    const rows: (typeof pointsLedger.$inferInsert)[] = [
      {
        userId: member.id,
        amount: WELCOME_GIFT_POINTS,
        balanceAfter: WELCOME_GIFT_POINTS,
        reason: 'welcome_gift',
        createdAt: at,
      },
    ];
    if (balance !== WELCOME_GIFT_POINTS) {
      rows.push({
        userId: member.id,
        amount: balance - WELCOME_GIFT_POINTS,
        balanceAfter: balance,
        reason: 'admin_grant',
        note: 'Starting balance',
        createdAt: at,
      });
    }
    await tx.insert(pointsLedger).values(rows);
    const [updated] = await tx.update(users).set({ puzzlePoints: balance }).where(eq(users.id, member.id)).returning();
    return updated!;
  });
}

export type NewListingInput = Partial<Omit<NewPuzzleListing, 'userId'>>;

let listingSequence = 0;

/**
 * A listing owned by `ownerId`: active (published now) unless overridden. Listings that were
 * ever live (active, sold) get a publishedAt; drafts and archived ones only when given.
 */
export async function createListing(db: DbOrTx, ownerId: number, overrides: NewListingInput = {}) {
  listingSequence += 1;
  const status = overrides.status ?? 'active';
  const [listing] = await db
    .insert(puzzleListings)
    .values({
      userId: ownerId,
      title: `Cottage Garden in Bloom No. ${listingSequence}`,
      subtitle: 'Summer borders at the height of June',
      pieces: 1000,
      dimensionValue: 68,
      dimensionUnit: 'cm',
      artist: 'Dominic Davison',
      difficulty: 'medium',
      condition: 'very_good',
      yearOfManufacture: 2019,
      description: 'Completed once on a board and boxed straight away. All pieces present, no poster.',
      puzzlePoints: 5,
      status,
      publishedAt: status === 'active' || status === 'sold' ? (overrides.createdAt ?? new Date()) : null,
      ...overrides,
    })
    .returning();
  return listing!;
}

// Argon2 at production cost is slow by design; fixtures hash each distinct password once.
const hashCache = new Map<string, Promise<string>>();
export function hashForTests(password: string): Promise<string> {
  let cached = hashCache.get(password);
  if (!cached) {
    cached = hashPassword(password);
    hashCache.set(password, cached);
  }
  return cached;
}
