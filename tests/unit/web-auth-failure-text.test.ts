import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/web/lib/api-client';
import { failureText } from '../../src/web/features/auth/api/failure-text';
import { newMemberFlag } from '../../src/web/lib/current-user';

// docs/product/screens.md#toasts: a failure toast shows the server's message, else the call's fallback when
// the server answered without one, else the toast's own fallback when nothing answered.

const fallbacks = { call: 'Failed to send verification email', toast: 'Please try again.' };

describe('failure toast text', () => {
  it("shows the server's message when it sent one", () => {
    const error = new ApiError(
      503,
      'Service Unavailable',
      JSON.stringify({ message: 'Failed to send verification email' }),
    );
    expect(failureText(error, fallbacks)).toBe('Failed to send verification email');
    const limited = new ApiError(429, 'Too Many Requests', JSON.stringify({ message: 'Too many attempts.' }));
    expect(failureText(limited, fallbacks)).toBe('Too many attempts.');
  });

  it("falls back to the call's text when the server answered without a message", () => {
    expect(failureText(new ApiError(502, 'Bad Gateway', '<html>proxy error</html>'), fallbacks)).toBe(
      'Failed to send verification email',
    );
  });

  it("falls back to the toast's text when nothing answered (offline), or when the call has no fallback", () => {
    expect(failureText(new TypeError('Failed to fetch'), fallbacks)).toBe('Please try again.');
    expect(failureText(new ApiError(500, 'Internal Server Error', ''), { toast: 'Please try again later.' })).toBe(
      'Please try again later.',
    );
  });
});

describe('the new-member session flag', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('is raised, read and lowered in sessionStorage', () => {
    const store = new Map<string, string>();
    vi.stubGlobal('sessionStorage', {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => store.set(key, value),
      removeItem: (key: string) => store.delete(key),
    });
    expect(newMemberFlag.isRaised()).toBe(false);
    newMemberFlag.raise();
    expect(newMemberFlag.isRaised()).toBe(true);
    newMemberFlag.lower();
    expect(newMemberFlag.isRaised()).toBe(false);
  });

  it('does no harm where storage is switched off', () => {
    vi.stubGlobal('sessionStorage', {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('SecurityError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    });
    expect(() => newMemberFlag.raise()).not.toThrow();
    expect(newMemberFlag.isRaised()).toBe(false);
    expect(() => newMemberFlag.lower()).not.toThrow();
  });
});
