import { sql } from 'drizzle-orm';
import { COMMUNITY_CATEGORIES, type CommunityCategory } from '../../domain/enums';
import { queryRows, type DbOrTx } from '../db/client';

// How many posts hold each word, per category: used only to choose HOW PostgreSQL looks for
// a search, never WHAT it finds (the statement tests every post's own text, so a count that
// is out of date costs time, not a wrong answer). Why (docs/performance.md, 'The forum'):
// a word in many posts is found fastest by walking the list in its order until the page is
// full (a few hundred posts for page 5), a word in few posts by the trigram index and a sort
// of what it finds; each way is 5-10 times slower than the other on the other's words. The
// planner would tell them apart if it saw the word, but planning each search cost more than
// running it; with this count both statements are prepared once per connection.
// Measured over 400 bench searches: always walking 0.73 ms, always the index 0.64 ms, the
// chosen way 0.27 ms (docs/performance.md, 'Speed machinery: what each piece buys').

/** The counts are read again, in the background, once they are this old. */
const REFRESH_AFTER_MS = 10 * 60_000;

export type SearchWay = 'walk' | 'index';

/** Posts per word, per category (in COMMUNITY_CATEGORIES' order), from the posts' search texts. */
export class SearchWordCounts {
  private readonly words = new Map<string, Int32Array>();
  /** The words holding each three-letter run: a text's words are among those of its rarest run. */
  private readonly byRun = new Map<string, string[]>();
  private readonly posts = new Int32Array(COMMUNITY_CATEGORIES.length);

  constructor(rows: Iterable<{ category: string; search_text: string }>) {
    for (const row of rows) {
      const at = COMMUNITY_CATEGORIES.indexOf(row.category as CommunityCategory);
      if (at < 0) continue;
      this.posts[at]! += 1;
      for (const word of new Set(row.search_text.split(/\s+/))) {
        if (word === '') continue;
        let counts = this.words.get(word);
        if (!counts) this.words.set(word, (counts = new Int32Array(COMMUNITY_CATEGORIES.length)));
        counts[at]! += 1;
      }
    }
    // Reading every word for every search cost 0.17 ms a search on the bench's forum (each
    // title has its number: 10,000 words); the words of one run are a few dozen.
    for (const word of this.words.keys()) {
      for (const run of runsOf(word)) {
        let words = this.byRun.get(run);
        if (!words) this.byRun.set(run, (words = []));
        words.push(word);
      }
    }
  }

  /** Posts in scope (one category, or all). */
  postsIn(category: CommunityCategory | undefined): number {
    return category ? this.posts[COMMUNITY_CATEGORIES.indexOf(category)]! : this.posts.reduce((a, b) => a + b, 0);
  }

  /**
   * About how many posts contain `text` (lower case), in scope and in all categories: the
   * posts of every word that contains it, added up (a post with two such words counts twice).
   * A text with a space spans words and is not counted (0: the index finds it).
   */
  estimate(text: string, category: CommunityCategory | undefined): { inScope: number; overall: number } {
    if (/\s/.test(text)) return { inScope: 0, overall: 0 };
    // A word holding the text holds each of its runs: only the rarest run's words are read.
    let candidates: Iterable<string> = this.words.keys();
    let fewest = Infinity;
    for (const run of runsOf(text)) {
      const words = this.byRun.get(run) ?? [];
      if (words.length < fewest) [candidates, fewest] = [words, words.length];
    }
    const at = category ? COMMUNITY_CATEGORIES.indexOf(category) : -1;
    let inScope = 0;
    let overall = 0;
    for (const word of candidates) {
      if (!word.includes(text)) continue;
      const counts = this.words.get(word)!;
      for (let i = 0; i < counts.length; i++) overall += counts[i]!;
      inScope += at < 0 ? 0 : counts[at]!;
    }
    return { inScope: at < 0 ? overall : inScope, overall };
  }

  /**
   * Walk or index for a page needing the first `wanted` matches, by what each reads (measured
   * on the bench's forum, docs/performance.md 'The forum'). A walk reads about
   * wanted × posts / matches posts in scope (all of them when nothing matches), about 0.6 µs
   * each. The index reads the trigram lists of the text, as long as the posts holding it in
   * every category (about 0.09 µs a post: the category narrows the result, not the lists),
   * then fetches, tests and sorts each match in scope (about 1.2 µs). Texts under 3 letters
   * have no trigram to look up: always a walk.
   */
  way(text: string, category: CommunityCategory | undefined, wanted: number): SearchWay {
    if (text.length < 3) return 'walk';
    const posts = this.postsIn(category);
    const { inScope, overall } = this.estimate(text, category);
    const matches = Math.min(inScope, posts);
    const walked = matches === 0 ? posts : Math.min(posts, (wanted * posts) / matches);
    return 0.6 * walked <= 0.09 * overall + 1.2 * matches + 50 ? 'walk' : 'index';
  }
}

/** Every run of three letters in a word, once each. */
function runsOf(word: string): Set<string> {
  const runs = new Set<string>();
  for (let i = 0; i + 3 <= word.length; i++) runs.add(word.slice(i, i + 3));
  return runs;
}

type Holder = { counts: SearchWordCounts | null; readAt: number; reading: Promise<void> | null };
const holders = new WeakMap<object, Holder>();

function read(holder: Holder, db: DbOrTx): void {
  holder.reading ??= queryRows<{ category: string; search_text: string }>(
    db,
    sql`SELECT category, search_text FROM community_posts WHERE deleted_at IS NULL AND hidden_at IS NULL`,
  )
    .then((rows) => {
      holder.counts = new SearchWordCounts(rows);
    })
    // A failed read is tried again at the next refresh; searches use the index meanwhile.
    .catch(() => undefined)
    .finally(() => {
      holder.readAt = Date.now();
      holder.reading = null;
    });
}

/**
 * This database's word counts, or null until the first read has finished (searches use the
 * index meanwhile: always right, only slower for common words). Reads them again in the
 * background once they are REFRESH_AFTER_MS old.
 */
export function searchWordCounts(db: DbOrTx): SearchWordCounts | null {
  let holder = holders.get(db);
  if (!holder) holders.set(db, (holder = { counts: null, readAt: 0, reading: null }));
  if (holder.reading === null && Date.now() - holder.readAt >= REFRESH_AFTER_MS) read(holder, db);
  return holder.counts;
}
