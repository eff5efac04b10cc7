import { describe, expect, it } from 'vitest';
import { isoTime } from '../../src/server/http/iso-time';

describe('isoTime', () => {
  it('writes what toISOString writes, for any date', () => {
    const edges = [
      0,
      -1,
      1,
      Date.UTC(999, 11, 31, 23, 59, 59, 999),
      Date.UTC(1000, 0, 1),
      Date.UTC(9999, 11, 31, 23, 59, 59, 999),
      Date.UTC(10000, 0, 1),
      -62198755200001,
      8.64e15,
      -8.64e15,
    ];
    let seed = 11;
    const random = () => ((seed = (seed * 48271) % 2147483647) / 2147483647 - 0.5) * 2 * 8.64e15;
    const times = [
      ...edges,
      ...Array.from({ length: 20_000 }, random),
      ...Array.from({ length: 20_000 }, () => Date.UTC(2026, 0, 1) + Math.round(random() / 1e5)),
    ];
    for (const t of times) {
      const date = new Date(t);
      expect(isoTime(date)).toBe(date.toISOString());
      expect(isoTime(date.toISOString())).toBe(date.toISOString());
    }
  });

  it('throws as toISOString does for an invalid date', () => {
    expect(() => isoTime(new Date(NaN))).toThrow(RangeError);
  });
});
