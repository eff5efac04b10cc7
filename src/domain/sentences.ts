// Members appear as first name and initial ('Margaret H.'), so a name that ends a sentence
// already carries its full stop: 'went to Margaret H.', never 'Margaret H..'.

/** `text` ending a sentence: a full stop added unless it already ends with one. */
export function withFullStop(text: string): string {
  return text.endsWith('.') ? text : `${text}.`;
}
