import { describe, expect, it } from 'vitest';
import { MEMBER_STATUS_LABELS, memberStatus } from '../../../src/domain';

// Where a membership stands (docs/decisions/0028-members-and-team.md): the first that holds of
// closed, suspended, not yet joined, active.

const now = new Date('2026-11-28T12:00:00Z');
const joined = { closedAt: null, passwordHash: 'hash', suspendedAt: null, suspendedUntil: null };

describe('memberStatus', () => {
  it('is active once joined, not_joined without a password', () => {
    expect(memberStatus(joined, now)).toBe('active');
    expect(memberStatus({ ...joined, passwordHash: null }, now)).toBe('not_joined');
  });

  it('is suspended while a suspension is in force, active again after its end', () => {
    const suspended = { ...joined, suspendedAt: new Date('2026-11-01T00:00:00Z') };
    expect(memberStatus(suspended, now)).toBe('suspended');
    expect(memberStatus({ ...suspended, suspendedUntil: '2026-12-01T00:00:00Z' }, now)).toBe('suspended');
    expect(memberStatus({ ...suspended, suspendedUntil: '2026-11-27T00:00:00Z' }, now)).toBe('active');
  });

  it('is closed once the member closed it, whatever else holds', () => {
    const closed = { ...joined, closedAt: now, passwordHash: null, suspendedAt: now };
    expect(memberStatus(closed, now)).toBe('closed');
  });

  it('has words for each, as the users table shows them', () => {
    expect(MEMBER_STATUS_LABELS).toEqual({
      active: 'Active',
      not_joined: 'Not yet joined',
      suspended: 'Suspended',
      closed: 'Closed',
    });
  });
});
