// Assertions on the house error envelope and small values, shared by every service's tests.
import { errorCatalogue, type ErrorCode } from '@travelclub/contracts';
import { expect } from 'vitest';

/** An answer as Fastify's `inject` gives it. */
export interface InjectedAnswer {
  statusCode: number;
  body: string;
}

/** The answer is the catalogue's envelope for `code`: its status and its exact text. */
export function expectError(res: InjectedAnswer, code: ErrorCode) {
  expect({ status: res.statusCode, body: JSON.parse(res.body) as unknown }).toMatchObject({
    status: errorCatalogue[code].status,
    body: { error: { code, message: errorCatalogue[code].message } },
  });
}

/** A 400 envelope naming `field` among its details. */
export function expectInvalid(res: InjectedAnswer, field: string) {
  expect(res.statusCode).toBe(400);
  const body = JSON.parse(res.body) as { error: { code: string; details?: { path: string }[] } };
  expect(body.error.code).toBe('validation-failed');
  expect(body.error.details?.map((d) => d.path)).toContain(field);
}

/** A date `days` from today (UTC), as a stay date. */
export const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
