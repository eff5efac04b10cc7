import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { systemSettings, type NewSystemSetting, type SystemSetting } from '../db/schema';

// system_settings as SQL: the club's free key/value store (docs/product/administration.md#settings) (values are JSON).

export function allSettings(db: DbOrTx): Promise<SystemSetting[]> {
  // In the order of the (category, key) unique index.
  return db.select().from(systemSettings).orderBy(asc(systemSettings.category), asc(systemSettings.key));
}

export async function settingValue(db: DbOrTx, category: string, key: string): Promise<unknown> {
  const [row] = await db
    .select({ value: systemSettings.value })
    .from(systemSettings)
    .where(and(eq(systemSettings.category, category as SystemSetting['category']), eq(systemSettings.key, key)));
  return row?.value;
}

/** The new row, or null when the category already has the key (the unique constraint). */
export async function insertSetting(db: DbOrTx, values: NewSystemSetting): Promise<SystemSetting | null> {
  const [row] = await db.insert(systemSettings).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function deleteSettingRow(db: DbOrTx, id: number): Promise<SystemSetting | null> {
  const [row] = await db.delete(systemSettings).where(eq(systemSettings.id, id)).returning();
  return row ?? null;
}

/** The row, locked for the rest of the transaction; null when there is none. */
export async function lockSetting(tx: DbOrTx, id: number): Promise<SystemSetting | null> {
  const [row] = await tx.select().from(systemSettings).where(eq(systemSettings.id, id)).for('no key update');
  return row ?? null;
}

export async function updateSettingRow(
  tx: DbOrTx,
  id: number,
  values: Partial<Pick<NewSystemSetting, 'value' | 'description' | 'updatedAt'>>,
): Promise<SystemSetting> {
  const [row] = await tx.update(systemSettings).set(values).where(eq(systemSettings.id, id)).returning();
  return row!;
}
