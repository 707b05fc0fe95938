// Who may use the pipeline's desk: support staff only. Every route checks the token itself (the gateway's check is
// not the only one), and reads its query and body through contracts.
import { endpoints, pathOf, queryString } from '@travelclub/contracts';
import { describe, expect, it } from 'vitest';
import { expectError, expectInvalid, useNotifications } from '../helpers.js';

const world = useNotifications();

const examples: Record<keyof typeof endpoints.notifications, { params?: Record<string, string>; body?: unknown }> = {
  supportEvents: {},
  supportDeadLetters: {},
  supportDeadLetter: { params: { ref: 'billing.events.dlq:0:1' } },
  supportReplayDeadLetters: { body: { all: true, dryRun: true } },
  supportQueues: {},
  supportRetryJobs: { params: { queue: 'emails' }, body: {} },
};

const callEach = (headers: Record<string, string>) =>
  Object.entries(examples).map(async ([name, { params, body }]) => {
    const e = endpoints.notifications[name as keyof typeof examples];
    const res = await world.app.inject({
      method: e.method,
      url: pathOf(e, params),
      headers,
      ...(body !== undefined && { payload: body as Record<string, unknown> }),
    });
    return { name, res };
  });

describe("the pipeline's desk", () => {
  it('answers 401 without a token, or with one it cannot verify', async () => {
    const forged = await world.jwks.signWithUnpublishedKey({ roles: ['role/support'] });
    const nobody: Record<string, string>[] = [{}, { authorization: `Bearer ${forged}` }];
    for (const headers of nobody) {
      for (const { name, res } of await Promise.all(callEach(headers))) {
        expect(res.statusCode, name).toBe(401);
        expectError(res, 'unauthenticated');
      }
    }
  });

  it('answers 403 to a traveller or a creator', async () => {
    for (const caller of [await world.caller(), await world.caller(['role/customer', 'role/creator'])]) {
      for (const { name, res } of await Promise.all(callEach(caller.headers))) {
        expect(res.statusCode, name).toBe(403);
        expectError(res, 'forbidden');
      }
    }
  });

  it('refuses a bad event log query', async () => {
    const staff = await world.staff();
    const events = (query: Record<string, string>) =>
      world.app.inject({ method: 'GET', url: `/api/v1/support/events${queryString(query)}`, headers: staff.headers });
    expectInvalid(await events({ limit: '0' }), 'limit');
    expectInvalid(await events({ limit: '501' }), 'limit');
    expectInvalid(await events({ limit: 'ten' }), 'limit');
    expectInvalid(await events({ after: 'abc' }), 'after');
    expectInvalid(await events({ after: '-1' }), 'after');
    expectInvalid(await events({ topic: 'payments.events' }), 'topic');
    expectInvalid(await events({ type: 'Billing.Invoice.Paid' }), 'type');
    expectInvalid(await events({ aggregate: '' }), 'aggregate');
    expectInvalid(await events({ aggregate: 'x'.repeat(129) }), 'aggregate');
    expectInvalid(await events({ since: 'yesterday' }), 'since');
    const fine = await events({ limit: '500', topic: 'billing', type: 'billing.invoice.paid', after: '0' });
    expect(fine.statusCode, fine.body).toBe(200);
    expect(fine.json()).toEqual({ events: [], next: '0' });
  });

  it('is in the OpenAPI document the gateway merges', async () => {
    const res = await world.app.inject({ method: 'GET', url: '/openapi.json' });
    expect(res.statusCode, res.body).toBe(200);
    const paths = (res.json() as { paths: Record<string, Record<string, unknown>> }).paths;
    expect(
      Object.keys(paths)
        .filter((path) => path.startsWith('/api/'))
        .sort(),
    ).toEqual(
      [
        '/api/v1/support/deadLetters',
        '/api/v1/support/deadLetters/replay',
        '/api/v1/support/deadLetters/{ref}',
        '/api/v1/support/events',
        '/api/v1/support/queues',
        '/api/v1/support/queues/{queue}/retry',
      ].sort(),
    );
    expect(Object.keys(paths['/api/v1/support/deadLetters/replay']!)).toEqual(['post']);
  });
});
