import { describe, expect, it } from 'vitest';
import { describeError } from '../../src/server/http/logging';

// What a log line may say about an error (issue 16: logs never hold personal details). The
// database case runs against a real database in tests/api/error-logging.test.ts.

describe('describeError', () => {
  it("keeps a mail server's code but not its message, which names the recipient", () => {
    const err = Object.assign(new Error("Can't send mail - all recipients were rejected: <ann@example.org>"), {
      code: 'EENVELOPE',
    });
    const logged = describeError(err);
    expect(logged).toMatchObject({ type: 'Error', code: 'EENVELOPE' });
    expect(JSON.stringify(logged)).not.toContain('ann@example.org');
  });

  it("keeps a programming fault's message, with quoted parts masked", () => {
    const logged = describeError(new TypeError("Cannot read properties of undefined (reading 'firstName')"));
    expect(logged.message).toBe("Cannot read properties of undefined (reading '…')");
    expect(logged.stack!.every((frame) => frame.startsWith('at '))).toBe(true);
  });

  it('keeps only the frames of a stack, never the message line above them', () => {
    const err = new Error('Failed query: update users set phone = $1\nparams: 07700 900461');
    const logged = describeError(err);
    expect(JSON.stringify(logged)).not.toMatch(/07700|Failed query/);
    expect(logged.stack!.length).toBeGreaterThan(0);
  });

  it('says what a thrown non-error was, not what it held', () => {
    expect(describeError('ann@example.org')).toEqual({ type: 'string' });
    expect(describeError(null)).toEqual({ type: 'null' });
  });
});
