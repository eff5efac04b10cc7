import { describe, expect, it } from 'vitest';
import { LEDGER_REASONS, LEDGER_REASON_LABELS, formatPointsAmount, puzzlePointsLabel } from '../../../src/domain';

describe('points display', () => {
  it('labels every ledger reason', () => {
    for (const reason of LEDGER_REASONS) expect(LEDGER_REASON_LABELS[reason]).toMatch(/\S/);
  });

  it('signs ledger amounts', () => {
    expect(formatPointsAmount(5)).toBe('+5');
    expect(formatPointsAmount(-3)).toBe('-3');
    expect(formatPointsAmount(0)).toBe('0');
  });

  it('uses the singular for one PuzzlePoint', () => {
    expect(puzzlePointsLabel(1)).toBe('1 PuzzlePoint');
    expect(puzzlePointsLabel(5)).toBe('5 PuzzlePoints');
  });
});
