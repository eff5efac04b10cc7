// Column builders and check-constraint helpers shared by every table group.
import { sql, type SQL } from 'drizzle-orm';
import { integer, timestamp, type AnyPgColumn, type ExtraConfigColumn } from 'drizzle-orm/pg-core';

/** Integer identity primary key (ids are integers in the API, docs/product/every-call.md#answers). */
export const idColumn = () => integer('id').primaryKey().generatedAlwaysAsIdentity();

/** A `timestamp with time zone` column; the API sends these as ISO 8601 strings. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

export const createdAt = () => timestamptz('created_at').notNull().defaultNow();

/** Set by the database on insert and by Drizzle on every ORM update. */
export const updatedAt = () =>
  timestamptz('updated_at')
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

const quote = (value: string) => `'${value.replace(/'/g, "''")}'`;

/**
 * `column IN ('a', 'b', ...)` for a check constraint. Enumerations are text columns with a
 * check (not pg enums) so a later migration can extend a list with a plain ALTER of the check.
 */
export function oneOf(column: AnyPgColumn | string, values: readonly string[]): SQL {
  const list = sql.raw(values.map(quote).join(', '));
  // A bare column name is for index predicates, which must not be table-qualified.
  return typeof column === 'string' ? sql`${sql.raw(column)} IN (${list})` : sql`${column} IN (${list})`;
}

/**
 * An index key in `DESC` order exactly as `ORDER BY col DESC` means it (NULLS FIRST).
 * drizzle-kit renders a bare `.desc()` as `DESC NULLS LAST`, which a plain
 * `ORDER BY col DESC` (or its backward scan, `ORDER BY col ASC`) cannot read in order.
 */
export const descending = (column: ExtraConfigColumn) => column.desc().nullsFirst();
