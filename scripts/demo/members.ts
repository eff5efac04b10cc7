import { sql } from 'drizzle-orm';
import type { ConditionPreference, PreferredDifficulty } from '../../src/domain/enums';
import type { ReferenceManufacturer } from '../../src/server/db/reference/manufacturers';
import { users, type NewUser } from '../../src/server/db/schema';
import { createListing, createMember } from '../../tests/support/factories';
import { LISTINGS_BY_OWNER, listingValues } from './listings';
import type { SeedStep } from './steps';

// The demo club's members: retired and semi-retired puzzlers across the UK. E-mails are
// fixed (that is what makes the seed idempotent) and on example.org, a domain reserved for
// examples, so a demo with SMTP configured can never mail a real person. Phone numbers come
// from Ofcom's ranges reserved for drama (01632 960xxx, 07700 900xxx, 020 7946 0xxx).

export const DEMO_PASSWORD = 'jigsaw-demo-2024';
export const ADMIN_EMAIL = 'admin@jigsaw.club';

export type DemoMember = Pick<
  NewUser,
  'firstName' | 'lastName' | 'phone' | 'line_1' | 'line_2' | 'locality' | 'town_or_city' | 'county' | 'postcode' | 'bio'
> & {
  email: string;
  joinedMonthsAgo: number;
  points?: number;
  isAdmin?: boolean;
  /** false for one member, so the demo shows the welcome-gift dialog at first sign-in. */
  hasSeenWelcomeGift?: boolean;
  preferredDifficulty?: PreferredDifficulty;
  conditionPreference?: ConditionPreference;
  minPieceCount?: number;
  maxPieceCount?: number;
  preferredManufacturers?: ReferenceManufacturer[];
};

export const DEMO_MEMBERS: DemoMember[] = [
  {
    email: ADMIN_EMAIL,
    firstName: 'Eleanor',
    lastName: 'Whitfield',
    phone: '01632 960401',
    line_1: '3 Bootham Terrace',
    town_or_city: 'York',
    county: 'North Yorkshire',
    postcode: 'YO30 7BW',
    bio: 'Founded the club with friends from the library puzzle swap. Retired head librarian.',
    joinedMonthsAgo: 30,
    points: 25,
    isAdmin: true,
    preferredDifficulty: 'advanced',
    preferredManufacturers: ['Ravensburger', 'Wentworth'],
  },
  {
    email: 'margaret.hughes@example.org',
    firstName: 'Margaret',
    lastName: 'Hughes',
    phone: '01632 960123',
    line_1: '12 Orchard Lane',
    town_or_city: 'Harrogate',
    county: 'North Yorkshire',
    postcode: 'HG2 8QT',
    bio: 'Retired primary teacher. Cottages, gardens and anything with a cat in it.',
    joinedMonthsAgo: 28,
    points: 12,
    preferredDifficulty: 'intermediate',
    conditionPreference: 'good',
    minPieceCount: 500,
    maxPieceCount: 1000,
    preferredManufacturers: ['Gibsons', 'Falcon de luxe'],
  },
  {
    email: 'derek.pemberton@example.org',
    firstName: 'Derek',
    lastName: 'Pemberton',
    phone: '07700 900214',
    line_1: 'Flat 2, Regency House',
    line_2: '27 Pulteney Road',
    town_or_city: 'Bath',
    county: 'Somerset',
    postcode: 'BA2 4EZ',
    bio: 'Ex-railwayman. Steam trains, maps and the bigger the better.',
    joinedMonthsAgo: 26,
    points: 20,
    preferredDifficulty: 'advanced',
    minPieceCount: 1000,
    maxPieceCount: 5000,
    preferredManufacturers: ['Ravensburger', 'Schmidt', 'Educa'],
  },
  {
    email: 'patricia.oneill@example.org',
    firstName: 'Patricia',
    lastName: "O'Neill",
    phone: '01632 960388',
    line_1: '41 Marine Avenue',
    town_or_city: 'Whitley Bay',
    county: 'Tyne and Wear',
    postcode: 'NE26 1NA',
    bio: 'Seaside scenes and lighthouses. Does a puzzle a week with her sister.',
    joinedMonthsAgo: 24,
    preferredDifficulty: 'intermediate',
    conditionPreference: 'excellent',
  },
  {
    email: 'graham.thornton@example.org',
    firstName: 'Graham',
    lastName: 'Thornton',
    phone: '01632 960517',
    line_1: 'Rose Cottage',
    line_2: 'Mill Street',
    locality: 'Bromfield',
    town_or_city: 'Ludlow',
    county: 'Shropshire',
    postcode: 'SY8 2JR',
    bio: 'Wooden puzzles are my weakness. Happy to post anywhere.',
    joinedMonthsAgo: 22,
    points: 8,
    preferredManufacturers: ['Wentworth', 'Liberty Puzzles'],
  },
  {
    email: 'susan.ashworth@example.org',
    firstName: 'Susan',
    lastName: 'Ashworth',
    phone: '07700 900631',
    line_1: '88 Lord Street',
    town_or_city: 'Southport',
    county: 'Merseyside',
    postcode: 'PR8 1JR',
    bio: 'Fine art reproductions, the more impressionist the better.',
    joinedMonthsAgo: 20,
    preferredDifficulty: 'intermediate',
    preferredManufacturers: ['Pomegranate', 'Eurographics', 'Piatnik'],
  },
  {
    email: 'rajesh.patel@example.org',
    firstName: 'Rajesh',
    lastName: 'Patel',
    phone: '01632 960742',
    line_1: '17 Stoneygate Road',
    town_or_city: 'Leicester',
    county: 'Leicestershire',
    postcode: 'LE2 2AB',
    bio: 'Retired pharmacist. Impossible puzzles and gradients, for the challenge.',
    joinedMonthsAgo: 18,
    points: 15,
    preferredDifficulty: 'advanced',
    minPieceCount: 1000,
    maxPieceCount: 5000,
  },
  {
    email: 'brenda.mcallister@example.org',
    firstName: 'Brenda',
    lastName: 'McAllister',
    phone: '01632 960855',
    line_1: '9 Morningside Drive',
    town_or_city: 'Edinburgh',
    county: 'City of Edinburgh',
    postcode: 'EH10 5LY',
    bio: 'Highland scenes, castles and a good cup of tea while I sort the edges.',
    joinedMonthsAgo: 16,
    conditionPreference: 'good',
  },
  {
    email: 'alan.rees@example.org',
    firstName: 'Alan',
    lastName: 'Rees',
    phone: '07700 900378',
    line_1: '5 Heol Hir',
    locality: 'Llanishen',
    town_or_city: 'Cardiff',
    county: 'South Glamorgan',
    postcode: 'CF14 5AA',
    bio: 'Rugby on the radio, a puzzle on the table. Vintage boxes from the 70s and 80s.',
    joinedMonthsAgo: 14,
    points: 30,
    preferredDifficulty: 'any',
    conditionPreference: 'fair',
  },
  {
    email: 'jean.fairbairn@example.org',
    firstName: 'Jean',
    lastName: 'Fairbairn',
    phone: '01632 960963',
    line_1: '2 Blencathra Street',
    town_or_city: 'Keswick',
    county: 'Cumbria',
    postcode: 'CA12 4HX',
    bio: 'Lake District born and bred. Mountains, lakes and sheep, naturally.',
    joinedMonthsAgo: 12,
    preferredDifficulty: 'beginner',
    minPieceCount: 100,
    maxPieceCount: 500,
  },
  {
    email: 'colin.whitaker@example.org',
    firstName: 'Colin',
    lastName: 'Whitaker',
    phone: '01632 960274',
    line_1: '63 Unthank Road',
    town_or_city: 'Norwich',
    county: 'Norfolk',
    postcode: 'NR2 2PE',
    bio: 'Birdwatcher by day, puzzler by night. Always after a good Norfolk coast scene.',
    joinedMonthsAgo: 10,
    preferredManufacturers: ['Jumbo', 'Otter House', 'House of Puzzles'],
  },
  {
    email: 'hilary.chambers@example.org',
    firstName: 'Hilary',
    lastName: 'Chambers',
    phone: '07700 900845',
    line_1: '14 St Leonards Road',
    town_or_city: 'Exeter',
    county: 'Devon',
    postcode: 'EX2 4LA',
    bio: 'Christmas puzzles all year round, I am afraid. Also tea rooms and village fetes.',
    joinedMonthsAgo: 8,
    points: 10,
    preferredManufacturers: ['Vermont Christmas Company', 'Cobble Hill'],
  },
  {
    email: 'moira.donnelly@example.org',
    firstName: 'Moira',
    lastName: 'Donnelly',
    phone: '01632 960619',
    line_1: '31 Malone Park',
    town_or_city: 'Belfast',
    county: 'County Antrim',
    postcode: 'BT9 6NJ',
    bio: 'Retired nurse. Flowers, butterflies and anything colourful.',
    joinedMonthsAgo: 6,
    conditionPreference: 'excellent',
  },
  {
    email: 'trevor.baxter@example.org',
    firstName: 'Trevor',
    lastName: 'Baxter',
    phone: '01632 960732',
    line_1: '7 Orchard Street',
    town_or_city: 'Canterbury',
    county: 'Kent',
    postcode: 'CT2 8AP',
    bio: 'Old maps, cathedrals and the odd Tudor house. Happy to swap in person locally.',
    joinedMonthsAgo: 4,
    preferredDifficulty: 'advanced',
  },
  {
    email: 'pauline.okafor@example.org',
    firstName: 'Pauline',
    lastName: 'Okafor',
    phone: '020 7946 0573',
    line_1: '22 Addiscombe Grove',
    town_or_city: 'Croydon',
    county: 'Greater London',
    postcode: 'CR0 5LP',
    bio: 'New to the club. Just retired and finally have a table free for puzzles!',
    joinedMonthsAgo: 0.5,
    hasSeenWelcomeGift: false,
    preferredDifficulty: 'beginner',
  },
];

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Each demo member with their listings, one transaction per member: a run killed midway
 * leaves whole members only, and the next run adds the rest. Members that already exist
 * (by e-mail, any case) are left alone with whatever they have now.
 */
export const membersWithListingsStep: SeedStep = {
  name: 'members and listings',
  async run(db, ctx) {
    const emails = DEMO_MEMBERS.map((m) => m.email.toLowerCase());
    const existing = await db
      .select()
      .from(users)
      .where(
        sql`lower(${users.email}) in (${sql.join(
          emails.map((e) => sql`${e}`),
          sql`, `,
        )})`,
      );
    const byEmail = new Map(existing.map((u) => [u.email.toLowerCase(), u]));
    const manufacturerId = (name: string) =>
      ctx.manufacturers.find((m) => m.name.toLowerCase() === name.toLowerCase())?.id;

    for (const member of DEMO_MEMBERS) {
      const found = byEmail.get(member.email.toLowerCase());
      if (found) {
        ctx.members.set(member.email, found);
        continue;
      }
      const joinedAt = new Date(ctx.now.getTime() - member.joinedMonthsAgo * 30 * DAY_MS);
      const listings = LISTINGS_BY_OWNER[member.email] ?? [];
      // Pictures before the transaction: files without rows are harmless, rows without
      // files are not. A killed run leaves a few unused files, never a broken listing.
      const rows = await Promise.all(listings.map((l) => listingValues(l, ctx, joinedAt)));

      const { email, joinedMonthsAgo: _, points, preferredManufacturers = [], ...profile } = member;
      const created = await db.transaction(async (tx) => {
        const user = await createMember(tx, {
          ...profile,
          email,
          password: DEMO_PASSWORD,
          points,
          preferredManufacturers: preferredManufacturers.flatMap((name) => manufacturerId(name) ?? []),
          joinedAt,
          createdAt: joinedAt,
          lastActiveAt: new Date(ctx.now.getTime() - (DEMO_MEMBERS.indexOf(member) % 5) * DAY_MS),
        });
        for (const row of rows) await createListing(tx, user.id, row);
        return user;
      });
      ctx.members.set(member.email, created);
      ctx.log(`Added ${member.firstName} ${member.lastName} <${email}> with ${rows.length} listings`);
    }
  },
};
