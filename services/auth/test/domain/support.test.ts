// The pure rules of support staff's desk.
import { SupportAccountSchema } from '@travelclub/contracts';
import { describe, expect, it } from 'vitest';
import { anonymousAccount, revokedByStaff } from '../../src/domain/accounts.js';
import { isStaffGrantable, rolesAfter, staffAction, supportAccountView } from '../../src/domain/support.js';

describe('support desk rules', () => {
  it('lets staff change travellers’ and creators’ roles only', () => {
    expect(isStaffGrantable('role/customer')).toBe(true);
    expect(isStaffGrantable('role/creator')).toBe(true);
    expect(isStaffGrantable('role/support')).toBe(false);
  });

  it('grants a role once, keeping the order, and revokes only that role', () => {
    expect(rolesAfter(['role/customer'], 'role/creator', 'grant')).toEqual(['role/customer', 'role/creator']);
    expect(rolesAfter(['role/customer', 'role/creator'], 'role/creator', 'grant')).toEqual([
      'role/customer',
      'role/creator',
    ]);
    expect(rolesAfter(['role/customer', 'role/creator'], 'role/customer', 'revoke')).toEqual(['role/creator']);
    expect(rolesAfter(['role/creator'], 'role/customer', 'revoke')).toEqual(['role/creator']);
  });

  it('takes staff’s last word on a role: a revoke stands until staff grant it again', () => {
    const at = new Date('2026-03-01T09:00:00Z');
    const action = (kind: 'grant-role' | 'revoke-role', role: 'role/creator' | 'role/customer') =>
      staffAction('staff-1', kind, 'ticket 1', at, role);
    expect(revokedByStaff({}, 'role/creator')).toBe(false);
    expect(revokedByStaff({ staffActions: [action('revoke-role', 'role/creator')] }, 'role/creator')).toBe(true);
    expect(revokedByStaff({ staffActions: [action('revoke-role', 'role/customer')] }, 'role/creator')).toBe(false);
    const back = [action('revoke-role', 'role/creator'), action('grant-role', 'role/creator')];
    expect(revokedByStaff({ staffActions: back }, 'role/creator')).toBe(false);
    expect(revokedByStaff({ staffActions: [...back, action('revoke-role', 'role/creator')] }, 'role/creator')).toBe(
      true,
    );
  });

  it('shows an account without what it does not know, in the contract’s shape', () => {
    const at = new Date('2026-03-01T09:00:00Z');
    const account = {
      ...anonymousAccount('a-1', new Date('2026-02-01T08:00:00Z')),
      staffActions: [staffAction('staff-1', 'revoke-sessions', 'lost phone', at)],
    };
    const view = supportAccountView(account, { activeSessions: 0, lastSignInAt: null });
    expect(view).toEqual({
      id: 'a-1',
      email: null,
      roles: [],
      anonymous: true,
      emailVerified: false,
      createdAt: '2026-02-01T08:00:00.000Z',
      activeSessions: 0,
      staffActions: [
        { at: '2026-03-01T09:00:00.000Z', staffId: 'staff-1', action: 'revoke-sessions', reason: 'lost phone' },
      ],
      roleChanges: [],
    });
    expect(SupportAccountSchema.parse(view)).toEqual(view);
  });
});
