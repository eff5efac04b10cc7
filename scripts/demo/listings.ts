import type { ListingCondition, ListingDifficulty } from '../../src/domain/enums';
import { LISTING_POINTS_STANDARD } from '../../src/domain/constants';
import type { ReferenceManufacturer } from '../../src/server/db/reference/manufacturers';
import type { NewListingInput } from '../../tests/support/factories';
import { makeListingPictures, seededRandom } from './pictures';
import type { SeedContext } from './steps';

// The demo catalogue, grouped by owner e-mail (see members.ts). Between them the listings use
// every difficulty, every condition and every reference manufacturer: when a brand is added
// to REFERENCE_MANUFACTURERS, give it a listing here too (tests/api/seed.test.ts checks).
// Artists are either painters long out of copyright or invented names.

export type DemoListing = {
  title: string;
  subtitle?: string;
  artist?: string;
  year?: number;
  pieces: number;
  brand: ReferenceManufacturer;
  difficulty: ListingDifficulty;
  condition: ListingCondition;
  /** Default 5, the club's standard. */
  points?: number;
  missing?: number;
  /** Default active (Live). No 'sold': only a completed trade sells a listing. */
  status?: 'draft' | 'archived';
  about: string;
};

// One listing per line reads as a catalogue, so prettier leaves it alone.
// prettier-ignore
export const LISTINGS_BY_OWNER: Record<string, DemoListing[]> = {
  'admin@jigsaw.club': [
    { title: 'The Hay Wain', subtitle: 'Suffolk, 1821', artist: 'John Constable', year: 2018, pieces: 1000, brand: 'Ravensburger', difficulty: 'medium', condition: 'very_good', about: "Constable's mill stream and hay cart. The sky is one long, satisfying sort at the end." },
    { title: 'Whitby Abbey at Dusk', artist: 'Harold Brindley', year: 2021, pieces: 500, brand: 'Wentworth', difficulty: 'hard', condition: 'like_new', points: 12, about: 'Wooden puzzle with whimsy pieces shaped like bats and anchors. No picture on the box, so a proper challenge.' },
    { title: 'York Minster Rose Window', year: 2009, pieces: 1500, brand: 'Heye', difficulty: 'expert', condition: 'good', points: 8, status: 'archived', about: 'Stained glass in deep reds and blues. Lovely when finished, fiendish on the way.' },
  ],
  'margaret.hughes@example.org': [
    { title: 'Cottage Garden in June', subtitle: 'Hollyhocks and foxgloves', artist: 'Alison Marsh', year: 2020, pieces: 1000, brand: 'Gibsons', difficulty: 'medium', condition: 'very_good', about: 'A thatched cottage behind a riot of hollyhocks, with a ginger cat asleep on the wall.' },
    { title: 'The Village Fête', subtitle: 'Tombola, cake stall and brass band', artist: 'Peter Oakes', year: 2019, pieces: 500, brand: 'Falcon de luxe', difficulty: 'easy', condition: 'like_new', about: 'A busy village green full of little stories; my grandchildren helped with this one.' },
    { title: 'Tea at the Haberdashery', artist: 'Alison Marsh', year: 2022, pieces: 1000, brand: 'Otter House', difficulty: 'medium', condition: 'new', about: 'Bought twice by mistake; this is the spare copy.' },
    { title: 'Cats in the Conservatory', artist: 'Ruth Ellery', year: 2017, pieces: 750, brand: 'Jumbo', difficulty: 'medium', condition: 'good', missing: 1, about: 'Six cats among the ferns and geraniums.' },
    { title: 'The Knitting Circle', year: 2015, pieces: 300, brand: 'Gibsons', difficulty: 'easy', condition: 'very_good', points: 3, about: 'Large pieces, easy on the eyes. Perfect for a wet afternoon.' },
    { title: 'Harrogate Stray in Crocus Time', artist: 'Peter Oakes', year: 2023, pieces: 1000, brand: 'House of Puzzles', difficulty: 'medium', condition: 'like_new', status: 'draft', about: 'The Stray carpeted with purple crocuses, the Old Swan in the distance.' },
  ],
  'derek.pemberton@example.org': [
    { title: 'Flying Scotsman at York', subtitle: 'Leaving platform 9', artist: 'Graham Hollis', year: 2016, pieces: 1000, brand: 'Ravensburger', difficulty: 'medium', condition: 'very_good', about: 'The famous locomotive building up steam. Lots of smoke, lots of sky, worth every minute.' },
    { title: 'Great Western Railway Map', subtitle: 'Routes of the 1930s', year: 2012, pieces: 2000, brand: 'Schmidt', difficulty: 'hard', condition: 'good', points: 8, about: 'A reproduction route map: tiny lettering and thin lines, very rewarding.' },
    { title: 'Steam Rally at Bressingham', artist: 'Graham Hollis', year: 1998, pieces: 1500, brand: 'Falcon de luxe', difficulty: 'hard', condition: 'good', about: 'Traction engines in a summer field, bunting and a carousel.' },
    { title: 'World Map, 1905', subtitle: 'From an antique atlas', year: 2019, pieces: 4000, brand: 'Educa', difficulty: 'expert', condition: 'very_good', points: 15, about: 'Four thousand pieces of sepia oceans. Took me most of a winter; comes in four bags.' },
    { title: 'Signal Box at Dawn', year: 2024, pieces: 1000, brand: 'Grafika', difficulty: 'medium', condition: 'new', about: 'A quiet branch line at first light, frost on the rails.' },
    { title: 'Venice, the Grand Canal', subtitle: 'After Canaletto', artist: 'Canaletto', year: 2005, pieces: 5000, brand: 'Clementoni', difficulty: 'expert', condition: 'good', points: 20, missing: 2, about: "Canaletto's Grand Canal in glorious detail, palazzi and gondolas to the horizon." },
    { title: 'Engine Shed Nocturne', artist: 'Harold Brindley', year: 2025, pieces: 2000, brand: 'Castorland', difficulty: 'expert', condition: 'like_new', status: 'draft', about: 'Dark, moody and very nearly all black. For the brave.' },
  ],
  'patricia.oneill@example.org': [
    { title: "Lighthouse at St Mary's", subtitle: 'Whitley Bay', year: 2021, pieces: 1000, brand: 'Trefl', difficulty: 'medium', condition: 'very_good', about: 'The lighthouse with the tide out. The causeway is fiddly but fun.' },
    { title: 'Beach Huts in a Row', artist: 'Lucy Grace', year: 2018, pieces: 500, brand: 'Jumbo', difficulty: 'easy', condition: 'like_new', about: 'Painted beach huts in every colour of the rainbow, easy to sort.' },
    { title: 'Fishing Boats at Staithes', year: 1986, pieces: 1000, brand: 'Springbok', difficulty: 'hard', condition: 'fair', points: 2, missing: 3, about: 'An old favourite from the eighties, cobles pulled up on the slipway.' },
    { title: 'Punch and Judy', artist: 'Lucy Grace', year: 2022, pieces: 250, brand: 'Djeco', difficulty: 'easy', condition: 'good', points: 2, about: 'Chunky pieces; ideal for puzzling with the grandchildren.' },
  ],
  'graham.thornton@example.org': [
    { title: 'The Orchard', subtitle: 'Wooden, with whimsies', year: 2014, pieces: 250, brand: 'Wentworth', difficulty: 'medium', condition: 'very_good', points: 10, about: 'Wooden puzzle with thirty whimsy pieces: a hare, a teapot, a pair of wellies.' },
    { title: 'Monarch Butterfly', subtitle: 'Laser-cut wooden', year: 2020, pieces: 500, brand: 'Liberty Puzzles', difficulty: 'hard', condition: 'like_new', points: 20, about: 'Laser-cut wood with dozens of whimsies and a wonderful snug fit.' },
    { title: 'Ludlow Castle from Whitcliffe', artist: 'Peter Oakes', year: 2011, pieces: 1000, brand: 'House of Puzzles', difficulty: 'medium', condition: 'good', about: 'The castle above the Teme on an autumn afternoon.' },
    { title: 'Farmhouse Kitchen', year: 1979, pieces: 750, brand: 'Bits and Pieces', difficulty: 'medium', condition: 'fair', points: 3, about: 'A dresser full of willow-pattern china. A vintage box showing its age.' },
    { title: 'Autumn Beech Woods', artist: 'Helen Rowe', pieces: 1000, brand: 'Lafayette Puzzle Factory', difficulty: 'hard', condition: 'new', points: 8, about: 'Beech trees in full autumn colour from an American maker.' },
  ],
  'susan.ashworth@example.org': [
    { title: 'Water Lilies', subtitle: '1906', artist: 'Claude Monet', year: 2016, pieces: 1000, brand: 'Pomegranate', difficulty: 'hard', condition: 'very_good', about: "Monet's pond in blues and greens. Very little contrast, so sort by shape." },
    { title: 'The Starry Night', artist: 'Vincent van Gogh', year: 2013, pieces: 1000, brand: 'Eurographics', difficulty: 'hard', condition: 'good', about: 'A classic. The swirls make it easier than it looks.' },
    { title: 'The Kiss', artist: 'Gustav Klimt', year: 2019, pieces: 1000, brand: 'Piatnik', difficulty: 'expert', condition: 'like_new', points: 8, about: 'All that gold! Printed with metallic ink that catches the light.' },
    { title: 'Sunflowers', artist: 'Vincent van Gogh', year: 2021, pieces: 500, brand: 'Galison', difficulty: 'medium', condition: 'very_good', about: 'Gloriously yellow, on thick board with a bright print.' },
    { title: 'The Great Wave', artist: 'Katsushika Hokusai', pieces: 1000, brand: 'Anatolian', difficulty: 'hard', condition: 'like_new', about: 'The famous wave off Kanagawa. Lots of blue, lots of foam.' },
    { title: 'A Bar at the Folies-Bergère', artist: 'Édouard Manet', year: 2008, pieces: 1500, brand: 'Nathan', difficulty: 'expert', condition: 'good', status: 'archived', about: "Manet's barmaid and her puzzling reflection." },
  ],
  'rajesh.patel@example.org': [
    { title: 'Spectrum Gradient', subtitle: 'No picture, just colour', year: 2020, pieces: 1000, brand: 'Clementoni', difficulty: 'expert', condition: 'very_good', points: 12, about: 'A smooth rainbow gradient. Sorting takes an evening, the rest takes a fortnight.' },
    { title: 'Baked Beans', subtitle: 'The impossible puzzle', year: 2017, pieces: 1000, brand: 'Ceaco', difficulty: 'expert', condition: 'good', about: 'Nothing but beans, edge to edge. You have been warned.' },
    { title: 'Snowy Owl', year: 2019, pieces: 3000, brand: 'Ravensburger', difficulty: 'expert', condition: 'like_new', points: 15, about: 'White feathers on white snow: three thousand pieces of patience.' },
    { title: 'The Tower of Babel', subtitle: 'After Bruegel', artist: 'Pieter Bruegel the Elder', year: 2015, pieces: 5000, brand: 'Castorland', difficulty: 'expert', condition: 'very_good', points: 25, about: "Bruegel's tower with thousands of tiny workers. My proudest finish." },
    { title: 'Mandala in Blue', year: 2024, pieces: 1000, brand: 'Heye', difficulty: 'hard', condition: 'new', about: 'Concentric patterns in twenty shades of blue.' },
  ],
  'brenda.mcallister@example.org': [
    { title: 'Eilean Donan Castle', subtitle: 'Loch Duich', year: 2018, pieces: 1000, brand: 'Gibsons', difficulty: 'medium', condition: 'very_good', about: 'The castle on its island, the bridge and the hills behind.' },
    { title: 'Highland Cattle', artist: 'Rachel Birch', year: 2020, pieces: 500, brand: 'Ravensburger', difficulty: 'easy', condition: 'like_new', about: 'Three shaggy coos in the heather. Big, friendly pieces.' },
    { title: 'The Royal Mile in Snow', year: 1992, pieces: 1000, brand: 'Falcon de luxe', difficulty: 'hard', condition: 'good', missing: 1, about: "Edinburgh's old town under snow, lamps lit." },
    { title: 'Heather Moorland', artist: 'Rachel Birch', year: 2025, pieces: 1500, brand: 'Trefl', difficulty: 'hard', condition: 'new', status: 'draft', about: 'Just bought and not done yet; listing it ahead for a swap.' },
  ],
  'alan.rees@example.org': [
    { title: 'The Old Mill', pieces: 500, brand: 'Springbok', difficulty: 'medium', condition: 'fair', points: 2, about: 'A real seventies classic, with the original price sticker still on the box.' },
    { title: 'Dragons and Daffodils', year: 2019, pieces: 1000, brand: 'Jumbo', difficulty: 'medium', condition: 'very_good', about: "Red dragons, daffodils and castles: a Wales puzzle for St David's Day." },
    { title: 'Match Day at the Arms Park', year: 1981, pieces: 750, brand: 'Trefl', difficulty: 'medium', condition: 'good', points: 3, about: 'Terraces, scarves and a scrum. A bit of history for rugby fans.' },
    { title: 'Snowdon from Llyn Padarn', year: 2016, pieces: 1000, brand: 'Schmidt', difficulty: 'medium', condition: 'good', about: 'Snowdon reflected in the lake, slate tips on the hillside.' },
    { title: 'Rugby Legends', year: 1984, pieces: 500, brand: 'Jumbo', difficulty: 'easy', condition: 'fair', points: 1, missing: 2, about: "Not everyone's taste, so yours for a single point." },
    { title: 'Pembrokeshire Coast Path', artist: 'Helen Rowe', year: 2022, pieces: 2000, brand: 'Ravensburger', difficulty: 'hard', condition: 'like_new', points: 8, about: 'Cliffs, sea pinks and a long blue sea. A handsome two-thousand.' },
  ],
  'jean.fairbairn@example.org': [
    { title: 'Derwentwater Morning', artist: 'Rachel Birch', year: 2021, pieces: 500, brand: 'House of Puzzles', difficulty: 'easy', condition: 'like_new', about: 'Catbells across the water on a clear, still morning.' },
    { title: 'Herdwick Sheep', year: 2018, pieces: 100, brand: 'Djeco', difficulty: 'easy', condition: 'very_good', points: 1, about: 'A hundred big pieces; a lovely quick puzzle.' },
    { title: 'Buttermere Reflections', artist: 'Helen Rowe', year: 2023, pieces: 1000, brand: 'Trefl', difficulty: 'medium', condition: 'new', about: 'The pines and the fells doubled in still water.' },
    { title: 'Ullswater Steamer', pieces: 300, brand: 'Gibsons', difficulty: 'easy', condition: 'good', points: 3, about: 'Large-piece puzzle of the old steamer against the fells.' },
  ],
  'colin.whitaker@example.org': [
    { title: 'Birds of the Broads', year: 2017, pieces: 1000, brand: 'Otter House', difficulty: 'medium', condition: 'very_good', about: 'Reed warblers, marsh harriers and a bittern if you look closely.' },
    { title: 'Cromer Pier at Sunset', artist: 'Lucy Grace', year: 2019, pieces: 1000, brand: 'Jumbo', difficulty: 'medium', condition: 'good', about: 'The pier and the lifeboat station against an orange sky.' },
    { title: 'Garden Birds in Winter', year: 2024, pieces: 500, brand: 'House of Puzzles', difficulty: 'easy', condition: 'new', about: 'Robins, blue tits and a wren on a frosty fence.' },
    { title: 'Seals at Blakeney Point', year: 2015, pieces: 1500, brand: 'White Mountain', difficulty: 'hard', condition: 'good', about: 'Seals hauled out on the sandbank; rather a lot of sand.' },
  ],
  'hilary.chambers@example.org': [
    { title: 'Christmas at the Village Inn', year: 2020, pieces: 1000, brand: 'Vermont Christmas Company', difficulty: 'medium', condition: 'very_good', about: 'Snow, lanterns and carol singers. I do this one every December.' },
    { title: "Santa's Workshop", year: 2018, pieces: 1000, brand: 'Cobble Hill', difficulty: 'medium', condition: 'like_new', about: 'Elves everywhere. The random-cut pieces are a treat.' },
    { title: 'The Tea Room', artist: 'Ruth Ellery', year: 2022, pieces: 500, brand: 'Buffalo Games', difficulty: 'easy', condition: 'very_good', about: 'Cake stands and best china; makes me hungry every time.' },
    { title: 'Winter Wonderland', year: 1999, pieces: 2000, brand: 'SunsOut', difficulty: 'hard', condition: 'good', points: 8, about: 'Skaters on a frozen pond and a great deal of snow.' },
    { title: 'Advent Calendar Houses', year: 2021, pieces: 750, brand: 'Ceaco', difficulty: 'medium', condition: 'fair', points: 2, missing: 1, status: 'archived', about: 'A row of snowy houses with numbered doors.' },
  ],
  'moira.donnelly@example.org': [
    { title: 'Butterfly Garden', year: 2023, pieces: 1000, brand: 'Galison', difficulty: 'medium', condition: 'like_new', about: 'Butterflies on buddleia; bright and cheerful.' },
    { title: 'Tulip Fields', year: 2016, pieces: 1000, brand: 'Buffalo Games', difficulty: 'medium', condition: 'very_good', about: 'Stripes of tulips to the horizon, and a windmill.' },
    { title: "The Giant's Causeway", subtitle: 'County Antrim', year: 2019, pieces: 1500, brand: 'Grafika', difficulty: 'hard', condition: 'good', about: 'The basalt columns at sunset. Many, many hexagons.' },
  ],
  'trevor.baxter@example.org': [
    { title: 'Canterbury Cathedral', year: 2014, pieces: 1000, brand: 'Nathan', difficulty: 'hard', condition: 'very_good', about: 'The cathedral seen through the Christ Church Gate.' },
    { title: 'Tudor London', subtitle: 'A map of 1572', year: 2020, pieces: 3000, brand: 'Master Pieces', difficulty: 'expert', condition: 'like_new', points: 12, about: 'An Elizabethan map of London with tiny details everywhere.' },
    { title: 'Hop Picking in Kent', year: 1974, pieces: 500, brand: 'Springbok', difficulty: 'easy', condition: 'fair', points: 1, about: 'Vintage puzzle of the hop gardens at harvest.' },
  ],
  'pauline.okafor@example.org': [
    { title: 'Routemaster in Trafalgar Square', year: 2024, pieces: 500, brand: 'White Mountain', difficulty: 'easy', condition: 'new', about: 'A red London bus and the lions.' },
    { title: 'Kew Palm House', pieces: 1000, brand: 'SunsOut', difficulty: 'medium', condition: 'like_new', status: 'draft', about: 'My first listing! Done once, carefully.' },
  ],
};

export const DEMO_LISTINGS: DemoListing[] = Object.values(LISTINGS_BY_OWNER).flat();

const CONDITION_NOTES: Record<ListingCondition, string> = {
  new: 'Unused, still in the original shrink-wrap.',
  like_new: 'Done once on a mat and boxed straight away; you would not know it had been out.',
  very_good: 'Completed once, pieces bagged; a little shelf wear on the box corners.',
  good: 'Done a few times and well loved; one or two pieces have a touch of lift.',
  fair: 'The box is tired and taped at one corner, but the pieces are sound.',
};

const MISSING_NOTES = ['All pieces present.', 'One piece missing.', 'Two pieces missing.', 'Three pieces missing.'];

// Makers who size their boxes in inches.
const INCH_BRANDS = new Set<string>([
  'Cobble Hill',
  'Buffalo Games',
  'Springbok',
  'White Mountain',
  'Ceaco',
  'Master Pieces',
  'Galison',
  'Pomegranate',
  'Eurographics',
  'SunsOut',
  'Liberty Puzzles',
  'Vermont Christmas Company',
  'Lafayette Puzzle Factory',
  'Bits and Pieces',
]);

/** The long side of a finished puzzle: about 69 cm for 1000 pieces; small counts use bigger pieces. */
function longSideCm(pieces: number): number {
  const scale = pieces >= 500 ? Math.sqrt(pieces) : Math.sqrt(500) * (pieces / 500) ** 0.3;
  return Math.round(2.2 * scale);
}

/** A valid EAN-13 (UK prefix 50), derived from the title so it never changes between runs. */
function barcodeFor(title: string): string {
  const rand = seededRandom(`barcode:${title}`);
  const digits = '50' + Array.from({ length: 10 }, () => Math.floor(rand() * 10)).join('');
  const sum = [...digits].reduce((s, d, i) => s + Number(d) * (i % 2 ? 3 : 1), 0);
  return digits + ((10 - (sum % 10)) % 10);
}

const HOUR_MS = 60 * 60 * 1000;

/**
 * A demo listing as factory input, with its two pictures drawn and stored. Dates fall between
 * the owner joining and now, so browse's "newest" order looks lived in.
 */
export async function listingValues(
  listing: DemoListing,
  ctx: SeedContext,
  ownerJoinedAt: Date,
): Promise<NewListingInput> {
  const index = DEMO_LISTINGS.indexOf(listing);
  const maker =
    ctx.manufacturers.find((m) => m.name.toLowerCase() === listing.brand.toLowerCase()) ??
    // The brand was renamed or deleted by an admin: any brand beats none in a demo.
    ctx.manufacturers[index % Math.max(ctx.manufacturers.length, 1)];
  const pictures = await makeListingPictures(
    ctx.pictures,
    { seed: listing.title, title: listing.title, brand: maker?.name ?? 'Jigsaw Club', pieces: listing.pieces },
    ctx.pictureSize,
  );
  const span = ctx.now.getTime() - ownerJoinedAt.getTime();
  const createdAt = new Date(ownerJoinedAt.getTime() + span * (0.1 + ((index * 0.618034) % 1) * 0.85));
  const status = listing.status ?? 'active';
  const inches = INCH_BRANDS.has(listing.brand);
  const cm = longSideCm(listing.pieces);
  const missing = listing.missing ?? 0;
  return {
    title: listing.title,
    subtitle: listing.subtitle ?? null,
    pieces: listing.pieces,
    // Every ninth listing leaves the size blank, as members often do.
    dimensionValue: index % 9 === 4 ? null : inches ? Math.round(cm / 2.54) : cm,
    dimensionUnit: inches ? 'inches' : 'cm',
    manufacturerId: maker?.id ?? null,
    artist: listing.artist ?? null,
    difficulty: listing.difficulty,
    condition: listing.condition,
    yearOfManufacture: listing.year ?? null,
    barcodeNumber: listing.year && listing.year >= 1990 && index % 3 !== 0 ? barcodeFor(listing.title) : null,
    description: [
      listing.about,
      CONDITION_NOTES[listing.condition],
      listing.condition === 'new' ? '' : MISSING_NOTES[missing],
    ]
      .filter(Boolean)
      .join(' '),
    puzzlePoints: listing.points ?? LISTING_POINTS_STANDARD,
    missingPieces: missing,
    status,
    // Archived listings were live once; drafts never were.
    publishedAt: status === 'draft' ? null : new Date(createdAt.getTime() + 2 * HOUR_MS),
    createdAt,
    updatedAt: createdAt,
    ...pictures,
  };
}
