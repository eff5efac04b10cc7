import {
  KNOWN_SETTINGS,
  knownSetting,
  knownSettingValue,
  SETTING_EXISTS_MESSAGE,
  SETTING_VALUE_REQUIRED_MESSAGE,
  type KnownSetting,
  type KnownSettingName,
  type KnownSettingValue,
  type SettingBody,
  type SettingPatchBody,
  type SystemSetting,
} from '../../domain/settings';
import { AppError } from '../../domain/errors';
import type { DbOrTx } from '../db/client';
import type { SystemSetting as SettingRow } from '../db/schema';
import {
  allSettings,
  deleteSettingRow,
  insertSetting,
  lockSetting,
  settingValue,
  updateSettingRow,
} from './settings-repository';

// The club's settings (docs/product/administration.md#settings: free key/value, values JSON). The few the app reads are named in
// KNOWN_SETTINGS (src/domain/settings.ts) with their type and default; the settingSchema checks
// them on save. They are read from the table where they are used, every time: a change
// counts from the next use in every app process, with no restart and no cache to go stale.

export const SETTING_NOT_FOUND_MESSAGE = 'Setting not found';

/** A known setting's value now: what is stored, or its default when nothing valid is. */
export async function readSetting<N extends KnownSettingName>(db: DbOrTx, name: N): Promise<KnownSettingValue<N>> {
  const setting = KNOWN_SETTINGS[name] as unknown as KnownSetting<KnownSettingValue<N>>;
  return knownSettingValue(setting, await settingValue(db, setting.category, setting.key));
}

export function toSettingView(row: SettingRow): SystemSetting {
  return {
    id: row.id,
    category: row.category,
    key: row.key,
    value: row.value as SystemSetting['value'],
    description: row.description,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listSettings(db: DbOrTx): Promise<SystemSetting[]> {
  return (await allSettings(db)).map(toSettingView);
}

/** 409 when the category already has the key. */
export async function createSetting(tx: DbOrTx, body: SettingBody, now = new Date()): Promise<SettingRow> {
  const row = await insertSetting(tx, {
    category: body.category,
    key: body.key,
    value: body.value,
    description: body.description ?? null,
    createdAt: now,
    updatedAt: now,
  });
  if (!row) throw new AppError('CONFLICT', SETTING_EXISTS_MESSAGE);
  return row;
}

/**
 * Changes a setting's value or description in place (no moment without it, as deleting and
 * creating again had); a known setting's value must hold its type. The row before and after;
 * 404 when there is none.
 */
export async function updateSetting(
  tx: DbOrTx,
  id: number,
  body: SettingPatchBody,
  now = new Date(),
): Promise<{ before: SettingRow; after: SettingRow }> {
  const before = await lockSetting(tx, id);
  if (!before) throw new AppError('NOT_FOUND', SETTING_NOT_FOUND_MESSAGE);
  if (body.value !== undefined) {
    const known = knownSetting(before.category, before.key);
    const problem =
      body.value === null && !known
        ? SETTING_VALUE_REQUIRED_MESSAGE
        : known?.schema.safeParse(body.value).error?.issues[0]?.message;
    if (problem) throw new AppError('VALIDATION', problem, [{ path: 'value', message: problem }]);
  }
  const after = await updateSettingRow(tx, id, {
    ...(body.value === undefined ? {} : { value: body.value }),
    ...(body.description === undefined ? {} : { description: body.description }),
    updatedAt: now,
  });
  return { before, after };
}

/** The deleted row; 404 when there is none. */
export async function deleteSetting(tx: DbOrTx, id: number): Promise<SettingRow> {
  const row = await deleteSettingRow(tx, id);
  if (!row) throw new AppError('NOT_FOUND', SETTING_NOT_FOUND_MESSAGE);
  return row;
}
