// The pure account rules.
import { describe, expect, it } from 'vitest';
import { accountView, emailKey, isNewAccount, roleFromRequest, withRole } from '../../src/domain/accounts.js';

describe('accounts', () => {
  it('is new for 5 minutes after creation, then not', () => {
    const created = new Date('2026-01-01T10:00:00Z');
    expect(isNewAccount(created, new Date('2026-01-01T10:05:00Z'))).toBe(true);
    expect(isNewAccount(created, new Date('2026-01-01T10:05:01Z'))).toBe(false);
  });

  it('keys emails without case or surrounding space', () => {
    expect(emailKey('  Ada@Example.TEST ')).toBe('ada@example.test');
  });

  it('maps form roles to role claims and adds roles once', () => {
    expect(roleFromRequest('consumer')).toBe('role/customer');
    expect(roleFromRequest('creator')).toBe('role/creator');
    expect(roleFromRequest('role/creator')).toBe('role/creator');
    expect(withRole(['role/customer'], 'role/creator')).toEqual(['role/customer', 'role/creator']);
    expect(withRole(['role/creator'], 'role/creator')).toEqual(['role/creator']);
  });

  it('shows an account without its secrets, with isNew worked out', () => {
    const view = accountView(
      {
        _id: 'u1',
        email: 'a@b.c',
        roles: ['role/customer'],
        isAnonymous: false,
        emailVerified: true,
        createdAt: new Date(0),
      },
      new Date(60_000),
    );
    expect(view).toEqual({
      id: 'u1',
      email: 'a@b.c',
      publicName: null,
      roles: ['role/customer'],
      isAnonymous: false,
      isNew: true,
      emailVerified: true,
      createdAt: '1970-01-01T00:00:00.000Z',
    });
  });
});
