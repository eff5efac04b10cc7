// Field builders shared by the schemas, so that every message reads the same way, and the
// one rule for text and ids that come from outside (docs/decisions/0016-bad-input-locks-and-limits.md).

import { z } from 'zod';

export function tooLong(label: string, max: number): string {
  return `${label} must be at most ${max} characters`;
}

// ---------------------------------------------------------------------------------------
// Text

/**
 * Control characters (Unicode category Cc: U+0000–U+001F, U+007F–U+009F) other than the tab
 * and the two line-break characters. PostgreSQL cannot store a NUL in text at all, and the
 * rest (escape sequences, bells, form feeds) are never typed by a member: they only arrive
 * from scripts, and would reach other members' pages and e-mails.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

export function hasControlCharacters(text: string): boolean {
  return CONTROL_CHARACTER.test(text);
}

export function controlCharactersMessage(label: string): string {
  return `${label} cannot contain control characters`;
}

/** '\r\n' (Windows) and a lone '\r' (old Macs) become '\n', so a text is stored and counted one way. */
export function normalizeLineBreaks(text: string): string {
  return text.includes('\r') ? text.replace(/\r\n?/g, '\n') : text;
}

/**
 * Any text a client sends, in a body or a query: a string without control characters (tabs
 * and line breaks are fine). Every text field is built on this, so none can skip the rule.
 * It changes nothing: passwords and tokens are taken exactly as typed.
 */
export function textField(label: string, typeMessage = `${label} must be text`) {
  return z
    .string({ error: typeMessage })
    .refine((value) => !hasControlCharacters(value), { error: controlCharactersMessage(label), abort: true });
}

/** Text a member writes for others to read: one kind of line break, no spaces around it. */
function writtenText(label: string, typeMessage?: string) {
  return textField(label, typeMessage).overwrite(normalizeLineBreaks).trim();
}

// Required text: trimmed first, so that whitespace alone counts as empty.
export function requiredText(label: string, max: number, requiredMessage: string, min = 1) {
  return writtenText(label, requiredMessage)
    .min(min, { error: requiredMessage })
    .max(max, { error: tooLong(label, max) });
}

// Optional text accepts null as well, so an edit form can clear a stored value; blank text
// becomes null so that the database never holds '' next to NULL for "not given".
export function optionalText(label: string, max: number) {
  return writtenText(label)
    .max(max, { error: tooLong(label, max) })
    .nullish()
    .transform((value) => (value === '' ? null : value));
}

/**
 * Whether a JSON value nests arrays and objects at most `max` levels deep (`{"a": [1]}` is 2).
 * Walked without recursion, so a value nested thousands deep is measured, not a stack overflow.
 */
export function jsonWithinDepth(value: unknown, max: number): boolean {
  let level: unknown[] = [value];
  for (let depth = 0; level.length > 0; depth += 1) {
    const next: unknown[] = [];
    for (const item of level) {
      if (item === null || typeof item !== 'object') continue;
      if (depth >= max) return false;
      next.push(...(Array.isArray(item) ? item : Object.values(item)));
    }
    level = next;
  }
  return true;
}

/** A JSON value none of whose strings (keys included) holds a control character. */
export function jsonWithoutControlCharacters(value: unknown): boolean {
  if (typeof value === 'string') return !hasControlCharacters(value);
  if (Array.isArray(value)) return value.every(jsonWithoutControlCharacters);
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).every(
      ([key, item]) => !hasControlCharacters(key) && jsonWithoutControlCharacters(item),
    );
  }
  return true;
}

// ---------------------------------------------------------------------------------------
// Ids

/** PostgreSQL's integer: the largest id a serial column can hold. */
export const ID_MAX = 2_147_483_647;

export function invalidIdMessage(label: string): string {
  return `${label} must be a valid id`;
}

/** A row id in a JSON body: a positive whole number the database can hold. */
export function idField(label: string, typeMessage = `${label} is required`) {
  return z
    .number({ error: typeMessage })
    .int({ error: `${label} must be a whole number` })
    .positive({ error: `${label} must be a positive number` })
    .max(ID_MAX, { error: invalidIdMessage(label) });
}

/** A row id in a query string (text): digits only, then the same bounds as idField. */
export function idQueryField(label: string) {
  return z
    .string({ error: invalidIdMessage(label) })
    .regex(/^\d{1,10}$/, { error: invalidIdMessage(label) })
    .transform(Number)
    .pipe(idField(label));
}

// ---------------------------------------------------------------------------------------
// Answers

/** An answer that is one number: an unread count. */
export const countSchema = z.object({ count: z.number() });
export type Count = z.output<typeof countSchema>;

/** A query-string value: strings arrive possibly repeated or blank; blank means "not set". */
export function queryParam(value: unknown): unknown {
  const first: unknown = Array.isArray(value) ? value[0] : value;
  if (typeof first === 'number' || typeof first === 'boolean') return String(first);
  if (typeof first === 'string') return first.trim() === '' ? undefined : first.trim();
  return first;
}

/** A page number in a query string: a whole number of 1 or more, 1 when not given. */
export function pageParam() {
  const message = 'Page must be a whole number of 1 or more';
  return z.preprocess(
    queryParam,
    z
      .string({ error: message })
      .regex(/^\d{1,9}$/, { error: message })
      .transform(Number)
      .pipe(z.number().min(1, { error: message }))
      .optional()
      .transform((v) => v ?? 1),
  );
}
