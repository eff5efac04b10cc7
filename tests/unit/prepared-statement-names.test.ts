import { describe, expect, it } from 'vitest';
import { namesForFixedPlans } from '../../src/server/listings/prepared-statements';

// Fixed statements are prepared by name on each connection (src/server/listings/prepared-statements.ts);
// the names given out are bounded, so variants members can cause never grow a connection's
// prepared statements without end.

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
