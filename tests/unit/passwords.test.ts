import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '../../src/server/auth/passwords';

// Passwords are hashed by a native module (@node-rs/argon2). CI runs the unit tests on the
// next Node.js too (.ci/run), so this is where a runtime that cannot load it shows first.

describe('passwords', () => {
  it('hashes with argon2id and a salt of its own each time', async () => {
    const [first, second] = await Promise.all([hashPassword('jigsaw-demo-2024'), hashPassword('jigsaw-demo-2024')]);
    expect(first).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(second).not.toBe(first);
  });

  it('knows the right password, and refuses a wrong one, a damaged hash and no account alike', async () => {
    const stored = await hashPassword('jigsaw-demo-2024');
    expect(await verifyPassword(stored, 'jigsaw-demo-2024')).toBe(true);
    expect(await verifyPassword(stored, 'jigsaw-demo-2025')).toBe(false);
    expect(await verifyPassword('not a hash', 'jigsaw-demo-2024')).toBe(false);
    expect(await verifyPassword(null, 'jigsaw-demo-2024')).toBe(false);
  });
});
