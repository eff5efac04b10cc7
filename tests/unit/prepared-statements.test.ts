import { describe, expect, it } from 'vitest';
import type { DbOrTx } from '../../src/server/db/client';
import { namesForFixedPlans, oncePerDatabase } from '../../src/server/db/prepared-statements';

// Prepared statements (src/server/db/prepared-statements.ts): fixed statements are prepared by
// name on each connection, and the names given out are bounded, so variants members can cause
// never grow a connection's prepared statements without end; Drizzle's are built once a handle.

describe('names for fixed statements', () => {
  it('gives a text the same name each time, a new text a new one, and none once the bound is reached', () => {
    const nameOf = namesForFixedPlans(2);
    const first = nameOf('SELECT 1');
    expect(first).toMatch(/^jc_[0-9a-f]{20}$/);
    expect(nameOf('SELECT 1')).toBe(first);
    const second = nameOf('SELECT 2');
    expect(second).toMatch(/^jc_[0-9a-f]{20}$/);
    expect(second).not.toBe(first);
    // Full: a third text runs unprepared; the two named keep their names.
    expect(nameOf('SELECT 3')).toBeUndefined();
    expect(nameOf('SELECT 3')).toBeUndefined();
    expect(nameOf('SELECT 1')).toBe(first);
    expect(nameOf('SELECT 2')).toBe(second);
  });
});

describe('a statement built once per database', () => {
  it('builds once for each handle and gives that handle the same one after', () => {
    const built: object[] = [];
    const statementFor = oncePerDatabase((db) => {
      built.push(db);
      return { for: db };
    });
    const [one, two] = [{} as DbOrTx, {} as DbOrTx];
    const first = statementFor(one);
    expect(statementFor(one)).toBe(first);
    expect(statementFor(two)).not.toBe(first);
    expect(statementFor(two).for).toBe(two);
    expect(built).toEqual([one, two]);
  });
});
