// Browse's forgiving search (issue 22, docs/decisions/0023-forgiving-search.md). Two parts:
//
//  1. Plurals are matched directly. A search is still 'the text contains it' (docs/product/listings.md#browse-filters),
//     but when its last word has 4 or more letters, the other number of that word is looked
//     for too: 'cottages' also finds 'Cottage', 'puppy' also finds 'Puppies'. The rule is
//     applied to the search alone, so the three places that apply it (matchesBrowseFilters
//     below, browse-query.ts's SQL and the in-memory browse index) need no stemmed copy of
//     any listing's text: each looks for every form with the substring test it already has.
//  2. One-letter slips are not matched (a loose match would bring in 'potage' and 'dotage'
//     for 'cotage', and every 'bar' for 'barn'): when a one-word search finds nothing, browse
//     answers a 'Did you mean' word from the vocabulary of the titles, artists and makers of
//     the puzzles browse shows, one letter away (missing, extra, different, or two
//     neighbours swapped), and the page offers it as a link.

/** Plural rules apply to a last word of at least this many letters; slips to words this long. */
export const FORGIVING_MIN_LETTERS = 4;

const LAST_WORD = /[a-z]+$/i;

/** The other numbers of one lower-case word: simple English plural rules, both ways. */
function otherNumbers(word: string): string[] {
  if (word.length < FORGIVING_MIN_LETTERS) return [];
  const forms: string[] = [];
  if (word.endsWith('ies')) forms.push(`${word.slice(0, -3)}y`); // puppies -> puppy
  if (/(s|x|z|ch|sh)es$/.test(word)) forms.push(word.slice(0, -2)); // boxes -> box, churches -> church
  if (/[^s]s$/.test(word)) forms.push(word.slice(0, -1)); // cottages -> cottage (not glass -> glas)
  if (/[^aeiou]y$/.test(word)) forms.push(`${word.slice(0, -1)}ies`); // puppy -> puppies
  return forms;
}

/**
 * What a search looks for: the trimmed search and, when its last word is a plural or a
 * singular of 4+ letters, the same with that word in its other number. A form containing
 * another is left out (the shorter one finds everything it would): 'cottages' looks for
 * 'cottage' alone, 'puppy' for 'puppy' and 'puppies'. Case is kept except in the changed
 * ending; every place that compares folds case itself.
 */
export function searchForms(q: string): string[] {
  const text = q.trim();
  const last = LAST_WORD.exec(text);
  if (!last) return [text];
  const head = text.slice(0, last.index);
  const byLower = new Map<string, string>();
  for (const form of [text, ...otherNumbers(last[0].toLowerCase()).map((word) => head + word)])
    if (!byLower.has(form.toLowerCase())) byLower.set(form.toLowerCase(), form);
  const lower = [...byLower.keys()];
  return lower.filter((f) => !lower.some((other) => other !== f && f.includes(other))).map((f) => byLower.get(f)!);
}

/** The word a 'Did you mean' may stand for: the search when it is one word of 4+ letters a-z. */
export function suggestableWord(q: string | undefined): string | null {
  const text = q?.trim() ?? '';
  return new RegExp(`^[a-z]{${FORGIVING_MIN_LETTERS},}$`, 'i').test(text) ? text.toLowerCase() : null;
}

/** The suggestion vocabulary's words of a lower-cased title, artist or maker name: runs of 4+ letters a-z. */
export function vocabularyWords(lowerText: string): string[] {
  return lowerText.match(/[a-z]{4,}/g) ?? [];
}

/** The word and its other numbers: a slip is measured from any of them ('cotages' -> 'cottage'). */
export function slipSources(word: string): string[] {
  return [word, ...otherNumbers(word)];
}

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/** Every string of letters a-z one slip from `word` (the in-memory index looks each up). */
export function oneLetterSlips(word: string): string[] {
  const out = new Set<string>();
  for (let i = 0; i <= word.length; i++) {
    const head = word.slice(0, i);
    for (const c of LETTERS) out.add(head + c + word.slice(i)); // a letter extra
    if (i === word.length) break;
    const tail = word.slice(i + 1);
    out.add(head + tail); // a letter missing
    for (const c of LETTERS) out.add(head + c + tail); // a letter different
    if (i + 1 < word.length) out.add(head + word[i + 1]! + word[i]! + word.slice(i + 2)); // two swapped
  }
  out.delete(word);
  return [...out];
}

/**
 * SQL LIKE patterns (without the surrounding %) that every string one slip from `word` matches
 * ('_' is any one character): the SQL path finds its candidate words with them and then keeps
 * only true slips (isOneLetterSlip), so it finds exactly the words oneLetterSlips would.
 */
export function slipPatterns(word: string): string[] {
  const out = new Set<string>();
  for (let i = 0; i <= word.length; i++) {
    const head = word.slice(0, i);
    out.add(`${head}_${word.slice(i)}`);
    if (i === word.length) break;
    out.add(head + word.slice(i + 1));
    out.add(`${head}_${word.slice(i + 1)}`);
    if (i + 1 < word.length) out.add(head + word[i + 1]! + word[i]! + word.slice(i + 2));
  }
  return [...out];
}

/** Whether `b` is `a` with one letter missing, extra or different, or two neighbours swapped. */
export function isOneLetterSlip(a: string, b: string): boolean {
  if (a === b || Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true; // different
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2); // swapped
  }
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

/**
 * The 'Did you mean' word for a search that found nothing: among the vocabulary words (with
 * how many puzzles browse shows have each) one slip from the search word, or failing those
 * from its other numbers, and not themselves found by the search, the one most puzzles have;
 * on a tie the first in alphabetical order. Null when there is none.
 */
export function chooseSuggestion(word: string, vocabulary: Iterable<readonly [string, number]>): string | null {
  const others = otherNumbers(word);
  const found = searchForms(word).map((f) => f.toLowerCase());
  let best: { word: string; rank: [number, number] } | null = null;
  for (const [candidate, count] of vocabulary) {
    if (count <= 0 || candidate.length < FORGIVING_MIN_LETTERS) continue;
    if (found.some((f) => candidate.includes(f))) continue;
    const near = isOneLetterSlip(word, candidate) ? 0 : others.some((o) => isOneLetterSlip(o, candidate)) ? 1 : -1;
    if (near < 0) continue;
    const rank: [number, number] = [near, -count];
    if (
      best === null ||
      rank[0] < best.rank[0] ||
      (rank[0] === best.rank[0] && (rank[1] < best.rank[1] || (rank[1] === best.rank[1] && candidate < best.word)))
    )
      best = { word: candidate, rank };
  }
  return best?.word ?? null;
}
