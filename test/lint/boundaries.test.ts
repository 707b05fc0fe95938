// The boundaries between parts (eslint.config.js) refuse what they should and let the rest through, so the
// rule cannot stop working unnoticed: each case lints an import in a file that exists nowhere.
import { describe, expect, it } from 'vitest';
import { imagined, typed } from './eslint.js';

const eslint = imagined;

/** The boundary messages for `file` importing `specifier`. */
async function refusals(file: string, specifier: string): Promise<string[]> {
  const [result] = await eslint.lintText(`import '${specifier}';\n`, { filePath: file });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('the boundaries between parts', () => {
  it.each([
    ['services/itinerary/src/flows/cart.ts', '../../../catalog/src/app.js', 'stays inside services/*/src'],
    ['services/itinerary/src/flows/cart.ts', '../../test/helpers.js', 'stays inside services/*/src'],
    ['services/itinerary/src/app.ts', '@travelclub/catalog/app', 'only @travelclub/contracts and @travelclub/kit'],
    ['services/itinerary/src/app.ts', '@travelclub/kit/testing', 'for tests'],
    ['gateway/src/app.ts', '@travelclub/auth/config', 'only @travelclub/contracts and @travelclub/kit'],
    ['services/catalog/src/app.ts', '@travelclub/demo-catalog', 'only @travelclub/contracts and @travelclub/kit'],
    ['services/itinerary/test/helpers.ts', '../../catalog/src/app.js', 'stays inside services/*'],
    ['services/itinerary/test/routes/cart.test.ts', '@travelclub/catalog/app', 'through @travelclub/testing'],
    ['gateway/test/edge.test.ts', '../../services/auth/test/helpers.js', 'stays inside gateway'],
    ['bench/booking.ts', '../test/system/bookings.js', 'stays inside bench'],
    ['bench/kept-answers.ts', '@travelclub/web/server', "only the loaders' transport"],
    ['test/system/booking-journey.test.ts', '../../bench/booking.js', 'stays inside test'],
    ['packages/testing/src/stack.ts', '../../../services/auth/src/server.ts', 'stays inside packages/testing'],
  ])('refuses %s importing %s', async (file, specifier, reason) => {
    const messages = await refusals(file, specifier);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain(reason);
  });

  it.each([
    ['services/itinerary/src/flows/cart.ts', '../domain/itinerary.js'],
    ['services/itinerary/src/flows/cart.ts', '@travelclub/contracts'],
    ['services/itinerary/src/flows/cart.ts', '@travelclub/kit'],
    ['services/itinerary/src/flows/cart.ts', 'fastify'],
    ['services/catalog/src/server.ts', '@travelclub/demo-catalog'],
    ['services/itinerary/test/routes/cart.test.ts', '../../src/app.js'],
    ['services/itinerary/test/routes/cart.test.ts', '@travelclub/kit/testing'],
    ['services/itinerary/test/routes/cart.test.ts', '@travelclub/testing/catalog'],
    ['services/kit/test/startup.test.ts', '../../../scripts/private-servers.mjs'],
    ['bench/booking.ts', '@travelclub/testing'],
    ['bench/kept-answers.ts', '@travelclub/web/pooled-fetch'],
    ['test/system/booking-journey.test.ts', '../../scripts/private-servers.mjs'],
    ['packages/testing/src/neighbours/catalog.ts', '@travelclub/catalog/app'],
  ])('lets %s import %s', async (file, specifier) => {
    expect(await refusals(file, specifier)).toEqual([]);
  });
});

describe('the layers inside a service', () => {
  it.each([
    ['services/itinerary/src/routes/itineraries.ts', '../store/itineraries.js', 'call flows/'],
    ['services/catalog/src/events/consumers.ts', '../store/inventory.js', 'call flows/'],
    ['services/notifications/src/jobs/emails.ts', '../clients/mail-transport.js', 'call flows/'],
    ['services/billing/src/flows/payments.ts', '../routes/payments.js', 'never the other way'],
    ['services/catalog/src/flows/holds.ts', '../events/consumers.js', 'never the other way'],
    ['services/auth/src/store/accounts.ts', '../flows/accounts.js', 'store/ uses domain/ only'],
    ['services/itinerary/src/domain/cart.ts', '../store/itineraries.js', 'domain/ is the pure rules'],
    ['services/itinerary/src/domain/cart.ts', 'mongoose', 'domain/ does no I/O'],
    ['services/itinerary/src/domain/cart.ts', 'node:fs/promises', 'domain/ does no I/O'],
    ['services/itinerary/src/routes/itineraries.ts', '../../../catalog/src/app.js', 'stays inside services/*/src'],
  ])('refuses %s importing %s', async (file, specifier, reason) => {
    const messages = await refusals(file, specifier);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain(reason);
  });

  it.each([
    ['services/itinerary/src/routes/itineraries.ts', '../flows/index.js'],
    ['services/itinerary/src/routes/itineraries.ts', '../domain/itinerary.js'],
    ['services/auth/src/routes/sessions.ts', './form-errors.js'],
    ['services/auth/src/routes/sessions.ts', '../config.js'],
    ['services/itinerary/src/flows/cart.ts', '../store/itineraries.js'],
    ['services/creator/src/flows/media.ts', '../media/storage.js'],
    ['services/auth/src/store/accounts.ts', '../domain/accounts.js'],
    ['services/itinerary/src/domain/cart.ts', './itinerary.js'],
    ['services/itinerary/src/domain/cart.ts', 'node:crypto'],
  ])('lets %s import %s', async (file, specifier) => {
    expect(await refusals(file, specifier)).toEqual([]);
  });
});

describe('the type-aware rules', () => {
  // The rule reads the service's whole TypeScript program: seconds alone, past the default 30 s on a loaded
  // machine (it ran out of time once in CI beside the system tests).
  it('refuses a promise nobody waits for, read from the file’s TypeScript project', { timeout: 120_000 }, async () => {
    const code = 'export async function later(): Promise<void> {}\nexport function now() {\n  later();\n}\n';
    const [result] = await typed.lintText(code, { filePath: 'services/itinerary/src/flows/cart.ts' });
    expect(result!.messages.map((m) => m.ruleId)).toEqual(['@typescript-eslint/no-floating-promises']);
  });
});
