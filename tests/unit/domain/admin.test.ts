import { describe, expect, it } from 'vitest';
import {
  SETTING_VALUE_REQUIRED_MESSAGE,
  formatClubDate,
  isSuspended,
  KNOWN_SETTINGS,
  knownSettingValue,
  manufacturerInUseMessage,
  pointsAdjustmentSchema,
  suspendedMessage,
  suspendSchema,
  adminToggleSchema,
  manufacturerCreateSchema,
  manufacturerNameSchema,
  manufacturerPatchSchema,
  parseSettingValue,
  pointsBadgeTier,
  settingSchema,
  summarizeBalances,
} from '../../../src/domain';
import { accepts, messageAt } from './issues';

describe('settingSchema', () => {
  const valid = { category: 'trading', key: 'max_points', value: 25 };

  it('accepts any JSON value but null, and an optional description', () => {
    expect(accepts(settingSchema, valid)).toBe(true);
    expect(accepts(settingSchema, { ...valid, value: { a: [1, 'x', null] }, description: 'Cap' })).toBe(true);
    // JSON null is no value (the column cannot hold one): refused as a missing value.
    expect(messageAt(settingSchema, { ...valid, value: null }, 'value')).toBe(SETTING_VALUE_REQUIRED_MESSAGE);
  });

  it('needs one of the four offered categories, a key and a value', () => {
    for (const category of ['trading', 'platform', 'notifications', 'security']) {
      expect(accepts(settingSchema, { ...valid, category })).toBe(true);
    }
    expect(messageAt(settingSchema, { ...valid, category: 'misc' }, 'category')).toBe(
      'Category must be one of: trading, platform, notifications, security',
    );
    expect(messageAt(settingSchema, { ...valid, key: ' ' }, 'key')).toBe('Key is required');
    expect(messageAt(settingSchema, { category: 'trading', key: 'k' }, 'value')).toBe('Value is required');
  });
});

describe('parseSettingValue', () => {
  it('parses JSON text', () => {
    expect(parseSettingValue('{"enabled": true}')).toEqual({ ok: true, value: { enabled: true } });
    expect(parseSettingValue('5')).toEqual({ ok: true, value: 5 });
    expect(parseSettingValue('"text"')).toEqual({ ok: true, value: 'text' });
  });

  it('refuses text that is not JSON, and blank text', () => {
    expect(parseSettingValue('yes please')).toEqual({ ok: false, error: 'Value must be valid JSON' });
    expect(parseSettingValue('  ')).toEqual({ ok: false, error: 'Value is required' });
  });
});

describe('manufacturers', () => {
  it('need a name that is not blank after trimming', () => {
    expect(manufacturerNameSchema.parse('  Ravensburger ')).toBe('Ravensburger');
    expect(messageAt(manufacturerCreateSchema, { name: '   ' }, 'name')).toBe('Manufacturer name is required');
  });

  it('can be renamed or (de)activated, but a patch must change something', () => {
    expect(accepts(manufacturerPatchSchema, { name: 'Jumbo', isActive: false })).toBe(true);
    expect(accepts(manufacturerPatchSchema, { isActive: true })).toBe(true);
    expect(messageAt(manufacturerPatchSchema, {}, '')).toBe('Nothing to update');
    expect(messageAt(manufacturerPatchSchema, { name: '' }, 'name')).toBe('Manufacturer name is required');
  });
});

describe('adminToggleSchema', () => {
  it('takes a boolean only', () => {
    expect(accepts(adminToggleSchema, { isAdmin: true })).toBe(true);
    expect(messageAt(adminToggleSchema, { isAdmin: 'yes' }, 'isAdmin')).toBe('isAdmin must be true or false');
  });
});

describe('points summary', () => {
  it('styles balances at the 20 and 10 thresholds', () => {
    expect(pointsBadgeTier(20)).toBe('high');
    expect(pointsBadgeTier(19)).toBe('medium');
    expect(pointsBadgeTier(10)).toBe('medium');
    expect(pointsBadgeTier(9)).toBe('low');
  });

  it('counts 15 or more as high and exactly 5 as standard', () => {
    expect(summarizeBalances([15, 14, 5, 5, 6, 100])).toEqual({
      members: 6,
      total: 145,
      average: 145 / 6,
      highBalances: 2,
      standardBalances: 2,
    });
    expect(summarizeBalances([])).toEqual({ members: 0, total: 0, average: 0, highBalances: 0, standardBalances: 0 });
  });
});

describe('settings the app reads', () => {
  it('are held to their type on save, with the type in the message; other settings take any JSON', () => {
    const days = { category: 'trading', key: 'pendingRequestExpiryDays' };
    expect(accepts(settingSchema, { ...days, value: 3 })).toBe(true);
    for (const value of [0, 91, 1.5, '3', null, { days: 3 }]) {
      expect(messageAt(settingSchema, { ...days, value }, 'value')).toBe(
        'Value must be a whole number of days from 1 to 90',
      );
    }
    expect(accepts(settingSchema, { category: 'platform', key: 'pendingRequestExpiryDays', value: 'x' })).toBe(true);
  });

  it('fall back to their default when nothing valid is stored', () => {
    const setting = KNOWN_SETTINGS.shippedAutoCompleteDays;
    expect(knownSettingValue(setting, undefined)).toBe(21);
    expect(knownSettingValue(setting, 'ten')).toBe(21);
    expect(knownSettingValue(setting, 10)).toBe(10);
    expect(KNOWN_SETTINGS.pendingRequestExpiryDays.default).toBe(7);
  });
});

describe('suspension', () => {
  const now = new Date('2026-11-23T12:00:00Z');

  it('is in force until its end date, or until further notice without one', () => {
    const since = new Date('2026-11-01T00:00:00Z');
    expect(isSuspended({ suspendedAt: null, suspendedUntil: null }, now)).toBe(false);
    expect(isSuspended({ suspendedAt: since, suspendedUntil: null }, now)).toBe(true);
    expect(isSuspended({ suspendedAt: since, suspendedUntil: '2026-11-24T00:00:00Z' }, now)).toBe(true);
    expect(isSuspended({ suspendedAt: since, suspendedUntil: '2026-11-23T12:00:00Z' }, now)).toBe(false);
  });

  it('is explained at sign-in with the date on London’s calendar, and the reason', () => {
    // Midnight in London during summer time is 23:00 the day before in UTC.
    expect(formatClubDate('2026-07-02T23:00:00Z')).toBe('3 Jul 2026');
    expect(suspendedMessage('2026-12-03T00:00:00Z', 'Rude messages.')).toBe(
      'Your membership is suspended until 3 Dec 2026: Rude messages.',
    );
    expect(suspendedMessage(null, 'Rude messages.')).toBe(
      'Your membership is suspended until further notice: Rude messages.',
    );
  });

  it('needs a reason; the end date is optional', () => {
    expect(suspendSchema.parse({ reason: ' Spam ' })).toEqual({ reason: 'Spam', until: null });
    expect(messageAt(suspendSchema, { reason: '' }, 'reason')).toBe('Please give a reason');
    expect(messageAt(suspendSchema, { reason: 'x', until: 'next week' }, 'until')).toBe(
      'The end date must be a date and time (ISO 8601)',
    );
  });
});

describe('points adjustments and manufacturers in use', () => {
  it('take a whole amount other than 0 within 1000 either way, with a reason', () => {
    expect(accepts(pointsAdjustmentSchema, { amount: -3, reason: 'Mistake' })).toBe(true);
    for (const amount of [0, 1001, -1001, 1.5]) {
      expect(messageAt(pointsAdjustmentSchema, { amount, reason: 'x' }, 'amount')).toBe(
        'Amount must be a whole number from -1000 to 1000, not 0',
      );
    }
  });

  it('say how many listings keep a manufacturer from being deleted', () => {
    expect(manufacturerInUseMessage(1)).toBe('Deactivate it instead: 1 listing uses it');
    expect(manufacturerInUseMessage(3)).toBe('Deactivate it instead: 3 listings use it');
  });
});
