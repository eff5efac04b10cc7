import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import {
  MANUFACTURER_EXISTS_MESSAGE,
  manufacturerInUseMessage,
  type AdminManufacturer,
  type ManufacturerPatchBody,
} from '../../domain/admin';
import { AppError } from '../../domain/errors';
import type { Manufacturer } from '../../domain/manufacturers';
import type { DbOrTx } from '../db/client';
import { manufacturers, puzzleListings, type Manufacturer as ManufacturerRow } from '../db/schema';

// The manufacturers the club knows: the choice lists of the profile and listing forms, the
// check other features make before storing a manufacturer id, and what administrators do
// with them (docs/product/administration.md#manufacturers). Names are unique whatever their case; an inactive one leaves the
// forms' lists (GET /manufacturers/active) while listings that use it keep showing its name.

export const MANUFACTURER_NOT_FOUND_MESSAGE = 'Manufacturer not found';

// Case-insensitive, byte-wise: the same order on PGlite and on any PostgreSQL locale.
const byName = sql`lower(${manufacturers.name}) COLLATE "C"`;

/** Every manufacturer, active or not, as {id, name} sorted by name (case-insensitive). */
export async function listManufacturers(db: DbOrTx): Promise<Manufacturer[]> {
  return db
    .select({ id: manufacturers.id, name: manufacturers.name })
    .from(manufacturers)
    .orderBy(byName, asc(manufacturers.id));
}

/** Only the active ones: what the forms offer. */
export async function listActiveManufacturers(db: DbOrTx): Promise<Manufacturer[]> {
  return db
    .select({ id: manufacturers.id, name: manufacturers.name })
    .from(manufacturers)
    .where(eq(manufacturers.isActive, true))
    .orderBy(byName, asc(manufacturers.id));
}

/**
 * The ids among `ids` that name no manufacturer, in the order given. With `activeOnly` an
 * inactive one counts as unknown too (a new choice on a form must be one the form offers).
 */
export async function findUnknownManufacturerIds(
  db: DbOrTx,
  ids: readonly number[],
  opts: { activeOnly?: boolean } = {},
): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: manufacturers.id })
    .from(manufacturers)
    .where(and(inArray(manufacturers.id, [...ids]), opts.activeOnly ? eq(manufacturers.isActive, true) : undefined));
  const known = new Set(rows.map((r) => r.id));
  return ids.filter((id) => !known.has(id));
}

// ---------------------------------------------------------------------------------------
// For administrators

/** How many listings (any status) use each manufacturer. */
const listingCount = sql<number>`(SELECT count(*)::int FROM ${puzzleListings} l WHERE l.manufacturer_id = ${manufacturers.id})`;

async function listingsUsing(db: DbOrTx, id: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(puzzleListings)
    .where(eq(puzzleListings.manufacturerId, id));
  return Number(row?.n ?? 0);
}

function toAdminManufacturer(row: ManufacturerRow, count: number): AdminManufacturer {
  return {
    id: row.id,
    name: row.name,
    isActive: row.isActive,
    listingCount: Number(count),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Every manufacturer with the number of listings using it, by name. */
export async function adminManufacturers(db: DbOrTx): Promise<AdminManufacturer[]> {
  const rows = await db
    .select({ row: manufacturers, count: listingCount })
    .from(manufacturers)
    .orderBy(byName, asc(manufacturers.id));
  return rows.map((r) => toAdminManufacturer(r.row, r.count));
}

/** Another manufacturer already called `name` in any case. */
async function nameTaken(db: DbOrTx, name: string, exceptId?: number): Promise<boolean> {
  const rows = await db
    .select({ id: manufacturers.id })
    .from(manufacturers)
    .where(
      and(
        sql`lower(${manufacturers.name}) = lower(${name})`,
        exceptId === undefined ? undefined : ne(manufacturers.id, exceptId),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** A new, active manufacturer; 409 when the name is taken in any case. */
export async function createManufacturer(tx: DbOrTx, name: string): Promise<AdminManufacturer> {
  // The unique index on lower(name) has the last word when two arrive at once.
  const [row] = await tx.insert(manufacturers).values({ name }).onConflictDoNothing().returning();
  if (!row) throw new AppError('DUPLICATE_NAME', MANUFACTURER_EXISTS_MESSAGE);
  return toAdminManufacturer(row, 0);
}

/** The manufacturer locked for the rest of the transaction; 404 when there is none. */
async function lockManufacturer(tx: DbOrTx, id: number): Promise<ManufacturerRow> {
  const [row] = await tx.select().from(manufacturers).where(eq(manufacturers.id, id)).for('no key update');
  if (!row) throw new AppError('NOT_FOUND', MANUFACTURER_NOT_FOUND_MESSAGE);
  return row;
}

/** Renames and/or (de)activates; answers it before and after. 409 when the new name is taken. */
export async function updateManufacturer(
  tx: DbOrTx,
  id: number,
  patch: ManufacturerPatchBody,
): Promise<{ before: AdminManufacturer; after: AdminManufacturer }> {
  const current = await lockManufacturer(tx, id);
  if (patch.name !== undefined && (await nameTaken(tx, patch.name, id))) {
    throw new AppError('DUPLICATE_NAME', MANUFACTURER_EXISTS_MESSAGE);
  }
  const [updated] = await tx
    .update(manufacturers)
    .set({ name: patch.name ?? current.name, isActive: patch.isActive ?? current.isActive })
    .where(eq(manufacturers.id, id))
    .returning();
  const count = await listingsUsing(tx, id);
  return { before: toAdminManufacturer(current, count), after: toAdminManufacturer(updated!, count) };
}

/**
 * Deletes a manufacturer no listing uses; one in use is refused (409 'Deactivate it instead:
 * N listings use it'), since deleting it would strip the brand from members' listings. (A
 * listing saved with it in the very instant between the count and the delete would keep its
 * listing but lose the brand, by the foreign key's ON DELETE SET NULL: locking the row FOR
 * UPDATE would prevent that, but blocks every foreign-key check, which the club's lock rule
 * forbids.)
 */
export async function deleteManufacturer(tx: DbOrTx, id: number): Promise<AdminManufacturer> {
  const current = await lockManufacturer(tx, id);
  const count = await listingsUsing(tx, id);
  if (count > 0) throw new AppError('CONFLICT', manufacturerInUseMessage(count));
  await tx.delete(manufacturers).where(eq(manufacturers.id, id));
  return toAdminManufacturer(current, 0);
}
