// Members appear as first name and initial ('Margaret H.'), so a name that ends a sentence
// already carries its full stop: 'went to Margaret H.', never 'Margaret H..'.

/** `text` ending a sentence: a full stop added unless it already ends with one. */
export function withFullStop(text: string): string {
  return text.endsWith('.') ? text : `${text}.`;
}

/**
 * A count and its noun, '1 piece', '1,000 pieces': the one way the club writes a number of
 * things. `many` defaults to `one` with an s ('reply', 'replies' needs it given).
 */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString('en-GB')} ${count === 1 ? one : many}`;
}

/**
 * `text` cut to at most `max` characters, ending '…' when cut (a subject line, an excerpt in a
 * notice, a preview, a log line): the one way the club shortens a text.
 */
export function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}
