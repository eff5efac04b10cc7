import { sql, type SQL } from 'drizzle-orm';
import { INITIAL_CASE, NAME_SPACE } from '../../domain/members';

// The domain's display-name rule (memberDisplayName) as one SQL expression, for answers the
// database builds as JSON (listing cards). Character for character the same rule: the same
// characters trimmed, the initial as the first whole character, capitalised by the same
// table. tests/api/member-views.test.ts runs both on awkward names.

// The rule's constant character sets are written into the statement as literals, not sent
// as values: statements that embed this expression are prepared once and reused
// (db/prepared-statements.ts renders them without values).
const literal = (text: string) => sql.raw(`'${text.replaceAll("'", "''")}'`);

const trimmed = (column: SQL) => sql`coalesce(btrim(${column}, ${literal(NAME_SPACE)}), '')`;

/** 'Margaret H.' from a first-name and a last-name column (or any text expressions). */
export function displayNameSql(firstName: SQL, lastName: SQL): SQL<string> {
  const first = trimmed(firstName);
  const last = trimmed(lastName);
  const initial = sql`translate(left(${last}, 1), ${literal(INITIAL_CASE.lower)}, ${literal(INITIAL_CASE.upper)})`;
  return sql<string>`(CASE
    WHEN ${first} = '' AND ${last} = '' THEN 'Member'
    WHEN ${last} = '' THEN ${first}
    WHEN ${first} = '' THEN ${initial} || '.'
    ELSE ${first} || ' ' || ${initial} || '.'
  END)`;
}
