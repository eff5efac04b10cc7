// Bulk data for `npm run bench`: believable members and listings generated inside the
// database (INSERT ... SELECT over generate_series), so 100,000 listings load in seconds and
// the same SQL works on PostgreSQL and the embedded database.
//
// The words are chosen so the bench's searches have known selectivity:
//   BROAD_WORD  is in the description of exactly one listing in ten;
//   RARE_WORD   is in one listing in ten thousand (10 of 100,000);
// no other word of the vocabulary contains either.

import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../src/server/db/client';

export const BROAD_WORD = 'lighthouse';
export const RARE_WORD = 'zanzibar';
export const BENCH_EMAIL_DOMAIN = 'bench.invalid';
const MEMBERS = 2000;
const CHUNK = 10_000;

const arr = (words: readonly string[]) =>
  sql.raw(`ARRAY[${words.map((w) => `'${w.replace(/'/g, "''")}'`).join(', ')}]`);

const FIRST_NAMES = [
  'Margaret',
  'Brian',
  'Susan',
  'Peter',
  'Janet',
  'David',
  'Carol',
  'Michael',
  'Linda',
  'John',
  'Pauline',
  'Keith',
  'Elaine',
  'Graham',
  'Sheila',
  'Colin',
  'Maureen',
  'Trevor',
  'Gillian',
  'Roger',
];
const LAST_NAMES = [
  'Hughes',
  'Patel',
  'Smith',
  'Jones',
  'Taylor',
  'Brown',
  'Williams',
  'Wilson',
  'Evans',
  'Thomas',
  'Roberts',
  'Walker',
  'Wright',
  'Robinson',
  'Thompson',
  'White',
  'Edwards',
  'Green',
  'Hall',
  'Wood',
];
export const TOWNS: Array<[string, string]> = [
  ['Harrogate', 'HG1'],
  ['York', 'YO1'],
  ['Bath', 'BA1'],
  ['Norwich', 'NR2'],
  ['Exeter', 'EX4'],
  ['Chester', 'CH1'],
  ['Lincoln', 'LN1'],
  ['Durham', 'DH1'],
  ['Canterbury', 'CT1'],
  ['Salisbury', 'SP1'],
  ['Cheltenham', 'GL50'],
  ['Kendal', 'LA9'],
  ['Ludlow', 'SY8'],
  ['Whitby', 'YO21'],
  ['Penrith', 'CA11'],
  ['Tunbridge Wells', 'TN1'],
  ['Stamford', 'PE9'],
  ['Malvern', 'WR14'],
  ['Buxton', 'SK17'],
  ['Truro', 'TR1'],
];
/** Each town's outward code's point (docs/product/near-me.md), for distance questions. */
export const TOWN_POINTS: Record<string, { latitude: number; longitude: number }> = {
  HG1: { latitude: 53.997, longitude: -1.535 },
  YO1: { latitude: 53.959, longitude: -1.082 },
  BA1: { latitude: 51.385, longitude: -2.366 },
  NR2: { latitude: 52.63, longitude: 1.286 },
  EX4: { latitude: 50.727, longitude: -3.533 },
  CH1: { latitude: 53.193, longitude: -2.894 },
  LN1: { latitude: 53.233, longitude: -0.545 },
  DH1: { latitude: 54.776, longitude: -1.575 },
  CT1: { latitude: 51.279, longitude: 1.081 },
  SP1: { latitude: 51.074, longitude: -1.794 },
  GL50: { latitude: 51.897, longitude: -2.083 },
  LA9: { latitude: 54.328, longitude: -2.746 },
  SY8: { latitude: 52.367, longitude: -2.718 },
  YO21: { latitude: 54.484, longitude: -0.616 },
  CA11: { latitude: 54.664, longitude: -2.752 },
  TN1: { latitude: 51.133, longitude: 0.264 },
  PE9: { latitude: 52.652, longitude: -0.479 },
  WR14: { latitude: 52.114, longitude: -2.324 },
  SK17: { latitude: 53.257, longitude: -1.911 },
  TR1: { latitude: 50.263, longitude: -5.051 },
};
export const ADJECTIVES = [
  'Autumn',
  'Victorian',
  'Cottage',
  'Summer',
  'Winter',
  'Coastal',
  'Vintage',
  'Country',
  'Highland',
  'Spring',
  'Misty',
  'Golden',
  'Village',
  'Harbour',
  'Moonlit',
  'Cosy',
  'Rustic',
  'Royal',
  'Secret',
  'Sunny',
];
export const NOUNS = [
  'Garden',
  'Harbour',
  'Market',
  'Railway',
  'Meadow',
  'Bridge',
  'Kitchen',
  'Bookshop',
  'Orchard',
  'Castle',
  'Cathedral',
  'Village Green',
  'Tea Room',
  'Canal',
  'Windmill',
  'Allotment',
  'Seaside',
  'Farmyard',
  'Abbey',
  'Bandstand',
];
export const SUFFIXES = [
  'at Dawn',
  'in Bloom',
  'by Moonlight',
  'in the Snow',
  'on Market Day',
  'at Christmas',
  'in Summer',
  'after Rain',
  'at Sunset',
  'in Spring',
];
export const ARTISTS = [
  'Dominic Davison',
  'Jane Crowther',
  'Steve Crisp',
  'Eduard Shlyakhtin',
  'Debbie Cook',
  'Trevor Mitchell',
  'Ray Cresswell',
  'Keith Melling',
  'Sarah Adams',
  'Claude Monet',
  'Vincent van Gogh',
  'Thomas Kinkade',
  'Charles Wysocki',
  'Aimee Stewart',
  'Kevin Walsh',
  'Joseph Burgess',
  'Lesley Anne Ivory',
  'Dona Gelsinger',
  'Garry Walton',
  'Tracy Hall',
];
export const PHRASES = [
  'Completed once on a board and boxed straight away.',
  'All pieces present, checked twice.',
  'A lovely puzzle with lots of detail to work on.',
  'Pieces are thick and fit snugly.',
  'Comes from a smoke-free, pet-free home.',
  'The box has a little wear on one corner.',
  'Great for a long winter afternoon.',
  'Bright colours and a satisfying sky.',
  'Includes the poster of the picture.',
  'Sorted into bags by colour for the next puzzler.',
];
export const PIECES = [100, 250, 300, 500, 500, 500, 750, 1000, 1000, 1000, 1000, 1500, 2000, 3000, 5000];
export const POINTS = [1, 2, 3, 4, 5, 5, 5, 5, 5, 5, 6, 8, 10, 15, 25];
const DIFFICULTIES = ['easy', 'medium', 'medium', 'hard', 'expert'];
const CONDITIONS = ['new', 'like_new', 'very_good', 'very_good', 'good', 'fair'];

// A deterministic hash of the row number, independent per attribute (a seeded hash, not a
// multiplicative one: those correlate attributes, which makes every filter combination
// unrealistically clustered).
const h = (salt: number) => sql.raw(`(hashint8extended(g::bigint, ${salt}) & 2147483647)`);
// Numbers and fixed words go in as literals: PostgreSQL cannot infer the type of a bare
// parameter in `$1 + g % $2`, and they are constants of this script, not input.
const n = (value: number) => sql.raw(String(Math.trunc(value)));
const text = (value: string) => sql.raw(`'${value.replace(/'/g, "''")}'`);

function pick(words: readonly string[], salt: number) {
  return sql`(${arr(words)})[1 + ${h(salt)} % ${n(words.length)}]`;
}
function pickInt(values: readonly number[], salt: number) {
  return sql`(${sql.raw(`ARRAY[${values.join(', ')}]`)})[1 + ${h(salt)} % ${n(values.length)}]`;
}

async function insertMembers(db: Db): Promise<number> {
  // Each member's point: their town's, a little apart by postcode (the ninth have none yet, as
  // when the postcode service has not answered), so distances vary and some tie.
  const coordinate = (key: 'latitude' | 'longitude') =>
    sql.raw(`ARRAY[${TOWNS.map(([, outward]) => TOWN_POINTS[outward]![key]).join(', ')}]::float8[]`);
  await db.execute(sql`INSERT INTO users (email, first_name, last_name, town_or_city, postcode, email_verified,
      profile_completed, has_seen_welcome_gift, puzzle_points, latitude, longitude)
    SELECT 'bench' || g || '@' || ${BENCH_EMAIL_DOMAIN}, ${pick(FIRST_NAMES, 1)}, ${pick(LAST_NAMES, 2)},
      (${arr(TOWNS.map((x) => x[0]))})[1 + g % ${n(TOWNS.length)}],
      (${arr(TOWNS.map((x) => x[1]))})[1 + g % ${n(TOWNS.length)}] || ' ' || (1 + g % 9) || 'AB',
      true, true, true, 0,
      CASE WHEN g % 9 <> 0 THEN (${coordinate('latitude')})[1 + g % ${n(TOWNS.length)}] + (g % 9) * 0.01 END,
      CASE WHEN g % 9 <> 0 THEN (${coordinate('longitude')})[1 + g % ${n(TOWNS.length)}] - (g % 9) * 0.01 END
    FROM generate_series(1, ${n(MEMBERS)}) g`);
  const [row] = await queryRows<{ min: number }>(
    db,
    sql`SELECT min(id)::int AS min FROM users WHERE email LIKE ${`%@${BENCH_EMAIL_DOMAIN}`}`,
  );
  return row!.min;
}

async function insertListings(
  db: Db,
  firstMember: number,
  from: number,
  to: number,
  status: 'active' | 'draft' | 'archived',
) {
  await db.execute(sql`WITH makers AS (SELECT array_agg(id ORDER BY id) AS ids FROM manufacturers)
    INSERT INTO puzzle_listings (user_id, title, subtitle, pieces, dimension_value, dimension_unit,
      manufacturer_id, artist, difficulty, condition, year_of_manufacture, barcode_number,
      description, puzzle_points, status, missing_pieces, published_at, created_at, updated_at, handover)
    SELECT
      ${n(firstMember)} + g % ${n(MEMBERS)},
      ${pick(ADJECTIVES, 3)} || ' ' || ${pick(NOUNS, 4)} || ' ' || ${pick(SUFFIXES, 5)},
      CASE WHEN ${h(6)} % 3 = 0 THEN NULL ELSE ${pick(NOUNS, 7)} || ' scene' END,
      pieces, 40 + ${h(8)} % 60, 'cm',
      CASE WHEN ${h(9)} % 10 = 0 THEN NULL ELSE makers.ids[1 + ${h(10)} % array_length(makers.ids, 1)] END,
      CASE WHEN ${h(11)} % 10 < 3 THEN NULL ELSE ${pick(ARTISTS, 12)} END,
      ${pick(DIFFICULTIES, 13)}, ${pick(CONDITIONS, 14)},
      CASE WHEN ${h(15)} % 10 = 0 THEN NULL ELSE 1950 + ${h(16)} % 75 END,
      CASE WHEN ${h(17)} % 2 = 0 THEN NULL ELSE '50' || lpad((${h(18)} * 7919 % 100000000000)::text, 11, '0') END,
      ${pick(PHRASES, 19)} || ' ' || ${pick(PHRASES, 20)}
        || CASE WHEN g % 10 = 3 THEN ${text(` A ${BROAD_WORD} on the headland.`)} ELSE '' END
        || CASE WHEN g % 10000 = 77 THEN ${text(` Bought on holiday in ${RARE_WORD}.`)} ELSE '' END,
      ${pickInt(POINTS, 21)},
      ${text(status)},
      CASE WHEN ${h(22)} % 7 = 0 THEN 1 + ${h(23)} % 3 ELSE 0 END,
      CASE WHEN ${text(status)} IN ('active', 'sold') THEN now() - g * interval '1 minute' ELSE NULL END,
      now() - g * interval '1 minute' - interval '1 hour',
      now() - g * interval '1 minute',
      (ARRAY['post', 'post', 'post', 'in_person', 'either'])[1 + ${h(25)} % 5]
    FROM generate_series(${n(from)}, ${n(to)}) g
    CROSS JOIN makers
    CROSS JOIN LATERAL (SELECT ${pickInt(PIECES, 24)} AS pieces) p`);
}

export type LoadReport = { members: number; active: number; other: number; seconds: number };

/**
 * Fills an empty, migrated database: MEMBERS members, `active` active listings and 5% more
 * drafts and archived ones (browse must skip them), then VACUUM ANALYZE so the planner has
 * statistics and index-only scans can skip the heap, as autovacuum would have done in a
 * running club (`analyze: false` leaves that out: a club that just grew, before autovacuum).
 */
export async function loadBenchData(
  db: Db,
  active: number,
  log: (line: string) => void,
  options: { analyze?: boolean } = {},
): Promise<LoadReport> {
  const started = Date.now();
  const firstMember = await insertMembers(db);
  for (let from = 1; from <= active; from += CHUNK) {
    const to = Math.min(active, from + CHUNK - 1);
    await insertListings(db, firstMember, from, to, 'active');
    log(`  ${to.toLocaleString('en-GB')} active listings`);
  }
  const other = Math.round(active * 0.05);
  await insertListings(db, firstMember, active + 1, active + Math.floor(other / 2), 'draft');
  await insertListings(db, firstMember, active + Math.floor(other / 2) + 1, active + other, 'archived');
  if (options.analyze !== false) {
    await db.execute(sql`VACUUM ANALYZE puzzle_listings`);
    await db.execute(sql`VACUUM ANALYZE users`);
  }
  return { members: MEMBERS, active, other, seconds: (Date.now() - started) / 1000 };
}

/** How many active listings the bench members own (to reuse a loaded database). */
export async function countBenchListings(db: Db): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM puzzle_listings WHERE status = 'active'`,
  );
  return row?.n ?? 0;
}
