import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { manufacturers } from '../db/schema';

// Manufacturer reads for members (the choice lists of the profile and listing forms).
// Admin CRUD lives here too once the admin screen needs it.

export type ManufacturerChoice = { id: number; name: string };

// Case-insensitive, byte-wise: the same order on PGlite and on any PostgreSQL locale.
const byName = sql`lower(${manufacturers.name}) COLLATE "C"`;

/** Every manufacturer, active or not, as {id, name} sorted by name (case-insensitive). */
export async function listManufacturers(db: DbOrTx): Promise<ManufacturerChoice[]> {
  return db
    .select({ id: manufacturers.id, name: manufacturers.name })
    .from(manufacturers)
    .orderBy(byName, asc(manufacturers.id));
}

/** Only the active ones: what the forms offer. */
export async function listActiveManufacturers(db: DbOrTx): Promise<ManufacturerChoice[]> {
  return db
    .select({ id: manufacturers.id, name: manufacturers.name })
    .from(manufacturers)
    .where(eq(manufacturers.isActive, true))
    .orderBy(byName, asc(manufacturers.id));
}

/** The ids among `ids` that name no manufacturer (active or not), in the order given. */
export async function findUnknownManufacturerIds(db: DbOrTx, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: manufacturers.id })
    .from(manufacturers)
    .where(inArray(manufacturers.id, [...ids]));
  const known = new Set(rows.map((r) => r.id));
  return ids.filter((id) => !known.has(id));
}
