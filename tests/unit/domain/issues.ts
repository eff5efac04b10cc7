// Reads the messages a schema gives, by field path, as a member would see them under inputs.
import type { z } from 'zod';

export function messagesOf(schema: z.ZodType, input: unknown): Record<string, string[]> {
  const result = schema.safeParse(input);
  const out: Record<string, string[]> = {};
  if (result.success) return out;
  for (const issue of result.error.issues) {
    const key = issue.path.map(String).join('.');
    (out[key] ??= []).push(issue.message);
  }
  return out;
}

export function messageAt(schema: z.ZodType, input: unknown, path: string): string | undefined {
  return messagesOf(schema, input)[path]?.[0];
}

export function accepts(schema: z.ZodType, input: unknown): boolean {
  return schema.safeParse(input).success;
}
