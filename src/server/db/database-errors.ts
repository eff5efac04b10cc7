// PostgreSQL's errors as the rest of the server reads them. Both drivers (pg and PGlite) put
// the SQLSTATE code on their error; Drizzle wraps it in a DrizzleQueryError (whose message
// lists the query's parameters), with the driver's error as its `cause`.

export type DatabaseError = Error & {
  code: string;
  severity?: string;
  constraint?: string;
  table?: string;
  column?: string;
};

const SQLSTATE = /^[0-9A-Z]{5}$/;

/** The database's own error in the chain (it carries a SQLSTATE code), if there is one. */
export function databaseErrorOf(err: unknown): DatabaseError | null {
  for (let e: unknown = err; e instanceof Error; e = e.cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && SQLSTATE.test(code) && 'severity' in e) return e as DatabaseError;
  }
  return null;
}

/**
 * A conflict between transactions that running the whole transaction again resolves: a
 * serialization failure (40001) or a deadlock (40P01), where PostgreSQL chose this one to fail.
 */
export function isTransactionConflict(err: unknown): boolean {
  const code = databaseErrorOf(err)?.code;
  return code === '40001' || code === '40P01';
}

/**
 * A value PostgreSQL cannot take (class 22, data exception: a NUL in text, a number out of
 * range). The schemas refuse these first; this is the net under them.
 */
export function isDataException(err: unknown): boolean {
  return databaseErrorOf(err)?.code.startsWith('22') ?? false;
}
