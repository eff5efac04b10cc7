// Admin screen bodies (spec sections 2 and 5) and the points summary's styling rules.

import { z } from 'zod';
import { SETTING_CATEGORIES } from './enums';
import { HIGH_BALANCE_MIN, POINTS_BADGE_HIGH, POINTS_BADGE_MEDIUM, STANDARD_BALANCE } from './constants';
import { optionalText, requiredText } from './fields';

export const SETTING_VALUE_REQUIRED_MESSAGE = 'Value is required';
export const SETTING_VALUE_JSON_MESSAGE = 'Value must be valid JSON';
export const MANUFACTURER_NAME_MESSAGE = 'Manufacturer name is required';

export const settingSchema = z.object({
  category: z.enum(SETTING_CATEGORIES, {
    error: `Category must be one of: ${SETTING_CATEGORIES.join(', ')}`,
  }),
  key: requiredText('Key', 100, 'Key is required'),
  // Already parsed: the form turns its text into JSON with parseSettingValue first. The
  // presence check comes first because z.json() alone reports a bare 'Invalid input'.
  value: z
    .unknown()
    .refine((value) => value !== undefined, { error: SETTING_VALUE_REQUIRED_MESSAGE })
    .pipe(z.json({ error: SETTING_VALUE_JSON_MESSAGE })),
  description: optionalText('Description', 500),
});
export type SettingBody = z.output<typeof settingSchema>;

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

export type ParsedSettingValue = { ok: true; value: JsonValue } | { ok: false; error: string };

export function parseSettingValue(text: string): ParsedSettingValue {
  if (text.trim() === '') return { ok: false, error: SETTING_VALUE_REQUIRED_MESSAGE };
  try {
    return { ok: true, value: JSON.parse(text) as JsonValue };
  } catch {
    return { ok: false, error: SETTING_VALUE_JSON_MESSAGE };
  }
}

export const manufacturerNameSchema = requiredText('Manufacturer name', 100, MANUFACTURER_NAME_MESSAGE);

export const manufacturerCreateSchema = z.object({ name: manufacturerNameSchema });
export type ManufacturerCreateBody = z.output<typeof manufacturerCreateSchema>;

export const manufacturerPatchSchema = z
  .object({
    name: manufacturerNameSchema.optional(),
    isActive: z.boolean({ error: 'isActive must be true or false' }).optional(),
  })
  .refine((v) => v.name !== undefined || v.isActive !== undefined, {
    error: 'Nothing to update',
  });
export type ManufacturerPatchBody = z.output<typeof manufacturerPatchSchema>;

export const adminToggleSchema = z.object({
  isAdmin: z.boolean({ error: 'isAdmin must be true or false' }),
});
export type AdminToggleBody = z.output<typeof adminToggleSchema>;

export const SELF_ADMIN_MESSAGE = 'You cannot remove your own admin status';

export type PointsBadgeTier = 'high' | 'medium' | 'low';

export function pointsBadgeTier(balance: number): PointsBadgeTier {
  if (balance >= POINTS_BADGE_HIGH) return 'high';
  if (balance >= POINTS_BADGE_MEDIUM) return 'medium';
  return 'low';
}

export interface PointsSummary {
  total: number;
  average: number;
  highBalances: number; // 'High Balances (15+)'
  standardBalances: number; // 'Standard Balances (5)'
}

export function summarizeBalances(balances: readonly number[]): PointsSummary {
  const total = balances.reduce((sum, b) => sum + b, 0);
  return {
    total,
    average: balances.length === 0 ? 0 : total / balances.length,
    highBalances: balances.filter((b) => b >= HIGH_BALANCE_MIN).length,
    standardBalances: balances.filter((b) => b === STANDARD_BALANCE).length,
  };
}
