import { SORT_OPTIONS, YEAR_GROUPS } from '../../src/domain/constants';
import { LISTING_CONDITIONS, LISTING_DIFFICULTIES } from '../../src/domain/enums';
import { REFERENCE_MANUFACTURERS } from '../../src/server/db/reference/manufacturers';
import {
  ADJECTIVES,
  ARTISTS,
  BROAD_WORD,
  NOUNS,
  PHRASES,
  PIECES,
  POINTS,
  RARE_WORD,
  SUFFIXES,
  TOWNS,
} from './load-data';
import { HANDOVER_FILTERS } from '../../src/domain/near';

// Varied traffic (issue 15): every request a different browse question, as members really
// ask. A seeded generator, so two runs ask the same questions in the same order: words and
// word prefixes (3+ letters) of everything the bench data contains (titles, subtitles,
// artists, descriptions, manufacturers) and a few words nothing contains, every filter, every
// sort and pages 1 to 6. Filters are drawn independently, so most questions combine two or
// three of them and their selectivity ranges from everything to nothing. A fifth of the
// searches forgive (issue 22, docs/decisions/0023-forgiving-search.md): a word in its other
// number ('cottages'), which browse also looks for, or a word with a one-letter slip
// ('cotage'), which usually finds nothing and so asks for a 'Did you mean' word.

/** mulberry32: a small, fast, seeded generator of numbers in [0, 1). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const words = (texts: readonly string[]) =>
  texts.flatMap((text) => text.toLowerCase().match(/[a-z]{3,}/g) ?? []).filter((w) => w !== 'the' && w !== 'and');

// Each word once: a common word is no likelier than a rare one, as when members type freely.
const SEARCH_WORDS = [
  ...new Set([
    ...words([...ADJECTIVES, ...NOUNS, ...SUFFIXES, ...ARTISTS, ...PHRASES, ...REFERENCE_MANUFACTURERS]),
    BROAD_WORD,
    RARE_WORD,
    // Words no listing contains: a search that finds nothing must be as cheap as any other.
    'quokka',
    'marmalade',
    'zeppelin',
  ]),
];
const ARTIST_WORDS = [...new Set(words(ARTISTS))];
const TOWN_WORDS = TOWNS.flatMap(([town, outward]) => [town, outward, outward.replace(/\d+$/, '')]);
const PIECE_BOUNDS = [...new Set(PIECES)];
const POINT_BOUNDS = [...new Set(POINTS)];

/**
 * Questions as browse query strings, one per call. `manufacturerIds` are the ids the
 * manufacturer filter may pick (the bench database's).
 */
export function variedQuestions(seed: number, manufacturerIds: readonly number[]): () => string {
  const random = seededRandom(seed);
  const chance = (p: number) => random() < p;
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
  // A word, or its first 3 or more letters (a member still typing, or searching by stem).
  const wordOrPrefix = (pool: readonly string[]) => {
    const word = pick(pool);
    if (word.length <= 3 || chance(0.5)) return word;
    return word.slice(0, 3 + Math.floor(random() * (word.length - 3)));
  };
  const between = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));
  // A whole word, as a member types it when forgiven: plural or singular, or one letter slipped.
  const forgiving = () => {
    const word = pick(SEARCH_WORDS);
    if (chance(0.5))
      return word.endsWith('s') ? word.slice(0, -1) : word.endsWith('y') ? `${word.slice(0, -1)}ies` : `${word}s`;
    const at = Math.floor(random() * word.length);
    const letter = 'abcdefghijklmnopqrstuvwxyz'[Math.floor(random() * 26)]!;
    switch (Math.floor(random() * 4)) {
      case 0:
        return word.slice(0, at) + word.slice(at + 1); // a letter missing
      case 1:
        return word.slice(0, at) + letter + word.slice(at); // a letter extra
      case 2:
        return word.slice(0, at) + letter + word.slice(at + 1); // a letter different
      default:
        return at + 1 < word.length ? word.slice(0, at) + word[at + 1]! + word[at]! + word.slice(at + 2) : `${word}s`; // two swapped
    }
  };

  return () => {
    const p = new URLSearchParams();
    if (chance(0.6)) p.set('q', chance(0.2) ? forgiving() : wordOrPrefix(SEARCH_WORDS));
    if (chance(0.25)) p.set('difficulty', pick(LISTING_DIFFICULTIES));
    if (chance(0.15)) p.set('condition', pick(LISTING_CONDITIONS));
    if (chance(0.15)) p.set('manufacturerId', String(pick(manufacturerIds)));
    if (chance(0.1)) p.set('artist', wordOrPrefix(ARTIST_WORDS));
    if (chance(0.15)) p.set('year', chance(0.6) ? pick(YEAR_GROUPS) : String(between(1950, 2024)));
    if (chance(0.2)) p.set('minPieces', String(pick(PIECE_BOUNDS)));
    if (chance(0.15)) p.set('maxPieces', String(pick(PIECE_BOUNDS)));
    if (chance(0.1)) p.set('minPoints', String(pick(POINT_BOUNDS)));
    if (chance(0.1)) p.set('maxPoints', String(pick(POINT_BOUNDS)));
    if (chance(0.2)) p.set('completeOnly', 'true');
    if (chance(0.08)) p.set('location', pick(TOWN_WORDS));
    p.set('sort', pick(SORT_OPTIONS));
    // Near me (issue 27): a distance from a town's outward code, 'Nearest first', hand-over.
    if (chance(0.15)) p.set('maxDistance', String(pick([5, 15, 30, 60, 120, 500])));
    if (p.has('maxDistance') || p.get('sort') === 'distance') p.set('location', pick(TOWNS)[1]);
    if (chance(0.1)) p.set('handover', pick(HANDOVER_FILTERS));
    p.set('page', String(between(1, 6)));
    return p.toString();
  };
}
