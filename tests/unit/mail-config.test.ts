import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config';

// The e-mail settings of the configuration (docs/product/email.md): the digests' clock and
// the unsubscribe links' key, with one clear line for a bad value.

const base = { DATA_DIR: '/tmp/jc-mail-config' };

describe('e-mail configuration', () => {
  it('defaults to the London clock and a key kept in the database', () => {
    const config = loadConfig(base);
    expect(config.clubTimeZone).toBe('Europe/London');
    expect(config.unsubscribeSecret).toBeUndefined();
  });

  it('takes a time zone name and a long enough key', () => {
    const config = loadConfig({ ...base, CLUB_TIMEZONE: 'Europe/Dublin', UNSUBSCRIBE_SECRET: 'x'.repeat(32) });
    expect(config.clubTimeZone).toBe('Europe/Dublin');
    expect(config.unsubscribeSecret).toBe('x'.repeat(32));
  });

  it('refuses a zone that does not exist and a short key, saying which', () => {
    expect(() => loadConfig({ ...base, CLUB_TIMEZONE: 'Middle/Earth' })).toThrow(
      'Configuration error: CLUB_TIMEZONE: CLUB_TIMEZONE must be a time zone name such as Europe/London',
    );
    expect(() => loadConfig({ ...base, UNSUBSCRIBE_SECRET: 'short' })).toThrow(ConfigError);
  });
});
