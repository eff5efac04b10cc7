import { describe, expect, it } from 'vitest';
import {
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

  it('accepts any JSON value and an optional description', () => {
    expect(accepts(settingSchema, valid)).toBe(true);
    expect(accepts(settingSchema, { ...valid, value: { a: [1, 'x', null] }, description: 'Cap' })).toBe(true);
    expect(accepts(settingSchema, { ...valid, value: null })).toBe(true);
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
      total: 145,
      average: 145 / 6,
      highBalances: 2,
      standardBalances: 2,
    });
    expect(summarizeBalances([])).toEqual({ total: 0, average: 0, highBalances: 0, standardBalances: 0 });
  });
});
