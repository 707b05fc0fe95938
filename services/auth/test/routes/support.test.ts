// Support staff's desk on the auth service: finding accounts, changing their roles, ending their sessions,
// against the real servers, with the support account from settings.
import { errorCatalogue, type SupportAccount } from '@travelclub/contracts';
import { createKafka } from '@travelclub/kit';
import { testInfra, uniqueName } from '@travelclub/kit/testing';
import { decodeJwt } from 'jose';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthApp } from '../../src/app.js';
import { anonymous, bearer, expectError, newEmail, openSession, signUp, startAuth } from '../helpers.js';

const STAFF_EMAIL = newEmail('support');
const STAFF_PASSWORD = 'a long support secret';
const USERS = '/api/v1/support/users';

let app: AuthApp;
let staff: { id: string; token: string; refreshToken: string };
beforeAll(async () => {
  app = await startAuth({ SUPPORT_EMAIL: STAFF_EMAIL, SUPPORT_PASSWORD: STAFF_PASSWORD, SIGNIN_MAX_PER_IP: '1000' });
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/signIn',
    payload: { email: STAFF_EMAIL, password: STAFF_PASSWORD },
  });
  expect(res.statusCode).toBe(200);
  staff = { id: res.json().user.id, token: res.json().accessToken, refreshToken: res.json().refreshToken };
});
afterAll(() => app?.close());

const find = (query: Record<string, string>, token = staff.token) =>
  app.inject({ method: 'GET', url: USERS, query, headers: bearer(token) });
const changeRole = (id: string, payload: Record<string, unknown>, token = staff.token) =>
  app.inject({ method: 'POST', url: `${USERS}/${id}/roles`, payload, headers: bearer(token) });
const revokeSessions = (id: string, payload: Record<string, unknown>, token = staff.token) =>
  app.inject({ method: 'POST', url: `${USERS}/${id}/revokeSessions`, payload, headers: bearer(token) });
const refresh = (refreshToken: string) =>
  app.inject({ method: 'POST', url: '/api/v1/auth/token/refresh', payload: { refreshToken } });
const grant = (role: string) => ({ role, action: 'grant', reason: 'asked by phone, ticket 4411' });
const revoke = (role: string) => ({ role, action: 'revoke', reason: 'asked by phone, ticket 4412' });

describe('finding an account', () => {
  it('finds one by email (any letter case) and by id, with its sessions and no staff actions yet', async () => {
    const email = newEmail('found');
    const traveller = await signUp(app, { email, publicName: 'Grace Found' });
    const byEmail = await find({ email: email.toUpperCase() });
    expect(byEmail.statusCode).toBe(200);
    const account = byEmail.json() as SupportAccount;
    expect(account).toMatchObject({
      id: traveller.user.id,
      email,
      displayName: 'Grace Found',
      roles: ['role/customer'],
      anonymous: false,
      emailVerified: false,
      createdAt: traveller.user.createdAt,
      activeSessions: 1,
      staffActions: [],
    });
    // The sign-up issued the account's refresh token: that is its last sign-in.
    expect(Date.now() - Date.parse(account.lastSignInAt!)).toBeLessThan(60_000);
    const byId = await find({ id: traveller.user.id });
    expect(byId.json()).toEqual(account);
  });

  it('shows an anonymous visitor without an email or a name', async () => {
    const visitor = await anonymous(app);
    const res = await find({ id: visitor.user.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: visitor.user.id, email: null, anonymous: true, roles: [] });
    expect(res.json()).not.toHaveProperty('displayName');
  });

  it('counts refresh tokens and browser sessions that still work: a sign-out ends one', async () => {
    const { refreshToken, user } = await openSession(app);
    expect((await find({ id: user.id })).json().activeSessions).toBe(2);
    await app.inject({ method: 'POST', url: '/api/v1/auth/signOut', payload: { refreshToken } });
    expect((await find({ id: user.id })).json().activeSessions).toBe(1);
  });

  it('answers account-not-found with the catalogue text for an unknown email or id', async () => {
    const queries: Record<string, string>[] = [{ email: newEmail('nobody') }, { id: 'no-such-account' }];
    for (const query of queries) {
      const res = await find(query);
      expectError(res, 'account-not-found');
      expect(res.json().error.message).toBe(errorCatalogue['account-not-found'].message);
    }
  });

  it.each([
    ['both an email and an id', { email: 'a@example.test', id: 'abc' }],
    ['neither', {}],
    ['an operator string as the id', { id: '{"$ne":1}' }],
    ['an operator string as the email', { email: '{"$ne":1}' }],
    ['an operator in brackets', { 'id[$ne]': '1' }],
    ['a field it does not know', { id: 'abc', role: 'role/support' }],
  ])('refuses %s as validation-failed', async (_case, query) => {
    expectError(await find(query), 'validation-failed');
  });

  it('refuses a repeated id as validation-failed', async () => {
    const res = await app.inject({ method: 'GET', url: `${USERS}?id=a&id=b`, headers: bearer(staff.token) });
    expectError(res, 'validation-failed');
  });
});

describe('who may use the desk', () => {
  it('refuses travellers and creators (403) and callers without a token (401), on every route', async () => {
    const customer = await signUp(app);
    const creator = await signUp(app, { role: 'creator' });
    const target = customer.user.id;
    for (const token of [customer.accessToken, creator.accessToken]) {
      expectError(await find({ id: target }, token), 'forbidden');
      expectError(await changeRole(target, grant('role/creator'), token), 'forbidden');
      expectError(await revokeSessions(target, { reason: 'take over' }, token), 'forbidden');
    }
    expectError(await app.inject({ method: 'GET', url: `${USERS}?id=${target}` }), 'unauthenticated');
    const post = (url: string, payload: object) => app.inject({ method: 'POST', url, payload });
    expectError(await post(`${USERS}/${target}/roles`, grant('role/creator')), 'unauthenticated');
    expectError(await post(`${USERS}/${target}/revokeSessions`, { reason: 'take over' }), 'unauthenticated');
    // Nothing was changed by the refused calls.
    expect((await find({ id: target })).json()).toMatchObject({ roles: ['role/customer'], staffActions: [] });
  });
});

describe('changing roles', () => {
  it('grants the creator role: the refreshed token carries it, the change is recorded with the staff id', async () => {
    const traveller = await signUp(app);
    const res = await changeRole(traveller.user.id, { ...grant('role/creator'), reason: '  verified by ticket  ' });
    expect(res.statusCode).toBe(200);
    const account = res.json() as SupportAccount;
    expect(account.roles).toEqual(['role/customer', 'role/creator']);
    expect(account.staffActions).toEqual([
      {
        at: expect.any(String),
        staffId: staff.id,
        action: 'grant-role',
        role: 'role/creator',
        reason: 'verified by ticket',
      },
    ]);
    // The access token in hand keeps its claims; the next one from the refresh token has the new role.
    expect(decodeJwt(traveller.accessToken).roles).toEqual(['role/customer']);
    const refreshed = await refresh(traveller.refreshToken);
    expect(refreshed.statusCode).toBe(200);
    expect(decodeJwt(refreshed.json().accessToken).roles).toEqual(['role/customer', 'role/creator']);
    expect((await find({ id: traveller.user.id })).json()).toEqual(account);
  });

  it('grants a role held again without harm, still recorded; revokes; the refreshed token loses it', async () => {
    const creator = await signUp(app, { role: 'creator' });
    const again = await changeRole(creator.user.id, grant('role/creator'));
    expect(again.statusCode).toBe(200);
    expect(again.json().roles).toEqual(['role/creator']);
    const revoked = await changeRole(creator.user.id, revoke('role/creator'));
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().roles).toEqual([]);
    expect(revoked.json().staffActions.map((a: { action: string; role: string }) => [a.action, a.role])).toEqual([
      ['grant-role', 'role/creator'],
      ['revoke-role', 'role/creator'],
    ]);
    const refreshed = await refresh(creator.refreshToken);
    expect(decodeJwt(refreshed.json().accessToken).roles).toEqual([]);
    // Revoking a role not held is recorded too, and changes nothing.
    const twice = await changeRole(creator.user.id, revoke('role/creator'));
    expect(twice.json()).toMatchObject({ roles: [], staffActions: { length: 3 } });
  });

  it('keeps a role staff revoked from coming back by the self-service grant; every change in the history with who made it', async () => {
    const traveller = await signUp(app);
    const id = traveller.user.id;
    const selfGrant = (token: string) =>
      app.inject({
        method: 'PUT',
        url: '/api/v1/userProfile/role',
        payload: { role: 'creator' },
        headers: bearer(token),
      });
    // Spec section 6: a signed-in user whose role staff never touched takes the creator role themselves.
    expect((await selfGrant(traveller.accessToken)).statusCode).toBe(200);
    expect((await changeRole(id, revoke('role/creator'))).json().roles).toEqual(['role/customer']);
    // Taken back by staff: the holder cannot give it to themselves again, and nothing changes.
    const refused = await selfGrant(traveller.accessToken);
    expectError(refused, 'role-revoked');
    expect(refused.json().error.message).toBe(errorCatalogue['role-revoked'].message);
    const refreshed = await refresh(traveller.refreshToken);
    expect(decodeJwt(refreshed.json().accessToken).roles).toEqual(['role/customer']);
    expect((await find({ id })).json().roles).toEqual(['role/customer']);
    // Staff give it back; the history shows every change and who made it.
    expect((await changeRole(id, grant('role/creator'))).json().roles).toEqual(['role/customer', 'role/creator']);
    const account = (await find({ id })).json() as SupportAccount;
    expect(account.roleChanges.map(({ action, role, by, staffId }) => ({ action, role, by, staffId }))).toEqual([
      { action: 'grant', role: 'role/creator', by: 'self', staffId: undefined },
      { action: 'revoke', role: 'role/creator', by: 'staff', staffId: staff.id },
      { action: 'grant', role: 'role/creator', by: 'staff', staffId: staff.id },
    ]);
    // Revoked once more: refused again (staff's last word counts), and a role staff never revoked still works.
    await changeRole(id, revoke('role/creator'));
    expectError(await selfGrant((await refresh(refreshed.json().refreshToken)).json().accessToken), 'role-revoked');
  });

  it('loses neither of two changes made at once, and records both', async () => {
    for (let round = 0; round < 5; round++) {
      const traveller = await signUp(app);
      const id = traveller.user.id;
      const answers = await Promise.all([
        changeRole(id, grant('role/creator')),
        changeRole(id, revoke('role/customer')),
      ]);
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
      const account = (await find({ id })).json() as SupportAccount;
      expect(account.roles).toEqual(['role/creator']);
      expect(account.staffActions.map((a) => a.action).sort()).toEqual(['grant-role', 'revoke-role']);
    }
  });

  it('never grants or revokes the support role', async () => {
    const traveller = await signUp(app);
    expectError(await changeRole(traveller.user.id, grant('role/support')), 'role-not-grantable');
    const colleague = await find({ email: STAFF_EMAIL });
    expect(colleague.json().roles).toEqual(['role/support']);
    const other = await signUp(app);
    expectError(await changeRole(other.user.id, revoke('role/support')), 'role-not-grantable');
    expect((await find({ id: traveller.user.id })).json()).toMatchObject({
      roles: ['role/customer'],
      staffActions: [],
    });
  });

  it("refuses staff's own account, an anonymous visitor and an unknown account", async () => {
    expectError(await changeRole(staff.id, grant('role/creator')), 'own-account');
    expect((await find({ id: staff.id })).json()).toMatchObject({ roles: ['role/support'], staffActions: [] });
    const visitor = await anonymous(app);
    expectError(await changeRole(visitor.user.id, grant('role/customer')), 'role-not-grantable');
    expectError(await changeRole('no-such-account', grant('role/creator')), 'account-not-found');
  });

  it.each([
    ['a reason too short once trimmed', { ...grant('role/creator'), reason: '  ok  ' }],
    ['a reason too long', { ...grant('role/creator'), reason: 'x'.repeat(501) }],
    ['no reason', { role: 'role/creator', action: 'grant' }],
    ['an action it does not know', { ...grant('role/creator'), action: 'promote' }],
    ['a role it does not know', grant('role/admin')],
    ['an operator as the role', { ...grant('role/creator'), role: { $ne: null } }],
    ['a field it does not know', { ...grant('role/creator'), staffId: 'someone-else' }],
  ])('refuses %s as validation-failed', async (_case, payload) => {
    const traveller = await signUp(app);
    expectError(await changeRole(traveller.user.id, payload), 'validation-failed');
  });

  it('refuses an operator string as the account id', async () => {
    const res = await changeRole(encodeURIComponent('{"$ne":1}'), grant('role/creator'));
    expectError(res, 'validation-failed');
  });

  it('publishes auth.role.granted and auth.role.revoked, and nothing for a change that changes nothing', async () => {
    const traveller = await signUp(app);
    const id = traveller.user.id;
    expect((await changeRole(id, grant('role/creator'))).statusCode).toBe(200);
    expect((await changeRole(id, grant('role/creator'))).statusCode).toBe(200);
    expect((await changeRole(id, revoke('role/customer'))).statusCode).toBe(200);
    const seen = await eventsOf(id, 3);
    expect(seen.map((e) => e.type)).toEqual(['auth.account.registered', 'auth.role.granted', 'auth.role.revoked']);
    expect(seen[1]?.payload).toEqual({ userId: id, role: 'role/creator', roles: ['role/customer', 'role/creator'] });
    expect(seen[2]?.payload).toEqual({ userId: id, role: 'role/customer', roles: ['role/creator'] });
  });
});

describe('ending sessions', () => {
  it('ends every refresh token and browser session; new sign-ins still work', async () => {
    const traveller = await openSession(app);
    const id = traveller.user.id;
    const second = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/signIn',
      payload: { email: traveller.user.email, password: traveller.password },
    });
    expect(second.statusCode).toBe(200);
    expect((await find({ id })).json().activeSessions).toBe(3);

    const res = await revokeSessions(id, { reason: 'phone stolen, ticket 77' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ revoked: 3, account: { id, activeSessions: 0 } });
    expect(res.json().account.staffActions).toEqual([
      { at: expect.any(String), staffId: staff.id, action: 'revoke-sessions', reason: 'phone stolen, ticket 77' },
    ]);

    for (const token of [traveller.refreshToken, second.json().refreshToken as string]) {
      expectError(await refresh(token), 'invalid-refresh-token');
    }
    const session = await app.inject({
      method: 'GET',
      url: '/api/v1/auth/session',
      cookies: { tc_session: traveller.session },
    });
    expect(session.json()).toEqual({ isAuthenticated: false, user: null });

    const again = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/signIn',
      payload: { email: traveller.user.email, password: traveller.password },
    });
    expect((await refresh(again.json().refreshToken)).statusCode).toBe(200);
    const after = (await find({ id })).json() as SupportAccount;
    expect(after.activeSessions).toBe(1);
    expect(after.staffActions).toHaveLength(1);
  });

  it('counts nothing for an account with no live sessions, and still records the action', async () => {
    const traveller = await signUp(app);
    await app.inject({
      method: 'POST',
      url: '/api/v1/auth/signOut',
      payload: { refreshToken: traveller.refreshToken },
    });
    const res = await revokeSessions(traveller.user.id, { reason: 'just in case' });
    expect(res.json()).toMatchObject({ revoked: 0, account: { activeSessions: 0, staffActions: { length: 1 } } });
  });

  it("refuses staff's own account, an unknown account, and a missing or short reason", async () => {
    expectError(await revokeSessions(staff.id, { reason: 'testing myself' }), 'own-account');
    // The staff member's own sign-in is untouched.
    expect((await refresh(staff.refreshToken)).statusCode).toBe(200);
    expectError(await revokeSessions('no-such-account', { reason: 'nobody' }), 'account-not-found');
    const traveller = await signUp(app);
    expectError(await revokeSessions(traveller.user.id, {}), 'validation-failed');
    expectError(await revokeSessions(traveller.user.id, { reason: 'no' }), 'validation-failed');
    expect((await refresh(traveller.refreshToken)).statusCode).toBe(200);
  });
});

/** The first `count` events of one account on the app's auth topic, in order. */
async function eventsOf(aggregateId: string, count: number) {
  const kafka = createKafka(uniqueName('reader'), testInfra().kafkaBrokers.split(','), pino({ level: 'silent' }));
  const consumer = kafka.consumer({ groupId: uniqueName('reader') });
  const seen: { type: string; payload: Record<string, unknown> }[] = [];
  try {
    await consumer.connect();
    await consumer.subscribe({ topic: `${app.config.KAFKA_TOPIC_PREFIX}auth.events`, fromBeginning: true });
    await consumer.run({
      eachMessage: async ({ message }) => {
        const event = JSON.parse(message.value!.toString());
        if (event.aggregateId === aggregateId) seen.push(event);
      },
    });
    await expect.poll(() => seen.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(count);
  } finally {
    await consumer.disconnect();
  }
  return seen;
}
