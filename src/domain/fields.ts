// Field builders shared by the schemas, so that every message reads the same way.

import { z } from 'zod';

export function tooLong(label: string, max: number): string {
  return `${label} must be at most ${max} characters`;
}

// Required text: trimmed first, so that whitespace alone counts as empty.
export function requiredText(label: string, max: number, requiredMessage: string, min = 1) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(min, { error: requiredMessage })
    .max(max, { error: tooLong(label, max) });
}

// Optional text accepts null as well, so an edit form can clear a stored value; blank text
// becomes null so that the database never holds '' next to NULL for "not given".
export function optionalText(label: string, max: number) {
  return z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, { error: tooLong(label, max) })
    .nullish()
    .transform((value) => (value === '' ? null : value));
}

export function idField(label: string) {
  return z
    .number({ error: `${label} is required` })
    .int({ error: `${label} must be a whole number` })
    .positive({ error: `${label} must be a positive number` });
}
