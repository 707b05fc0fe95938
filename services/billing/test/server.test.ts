// The service as it runs (src/server.ts in its own process), with every log level on: a payment's card
// number and security code never reach the logs, and SIGTERM stops it cleanly.
import { startTestJwks, testEnv, uniqueName, type TestJwks } from '@travelclub/kit/testing';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { fromItinerary, invoiceDraft, SANDBOX_CARDS, traveller, validCard } from './helpers.js';

const serverPath = fileURLToPath(new URL('../src/server.ts', import.meta.url));

let jwks: TestJwks;
let child: ChildProcess;
let output = '';
let baseUrl: string;

beforeAll(async () => {
  jwks = await startTestJwks();
  child = spawn(process.execPath, ['--import', 'tsx', serverPath], {
    env: {
      ...process.env,
      ...testEnv('billing'),
      LOG_LEVEL: 'trace',
      JWKS_URL: jwks.jwksUrl,
      KAFKA_TOPIC_PREFIX: `${uniqueName('billing')}.`,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  baseUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start:\n${output}`)), 60_000);
    const look = () => {
      const found = /listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
      if (found) {
        clearTimeout(timer);
        resolve(found);
      }
    };
    child.stdout?.on('data', look);
    child.once('exit', () => reject(new Error(`the server exited:\n${output}`)));
  });
}, 90_000);
afterAll(async () => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  await jwks?.close();
});

it('pays without the card number or security code in any log line, and stops on SIGTERM', async () => {
  const user = await traveller(jwks);
  const headers = { ...user.headers, 'content-type': 'application/json' };
  const created = await fetch(`${baseUrl}/internal/v1/invoices`, {
    method: 'POST',
    headers: { ...(await fromItinerary()), 'content-type': 'application/json' },
    body: JSON.stringify(invoiceDraft(user.id)),
  });
  expect(created.status).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const pay = (number: string, cvc: string) =>
    fetch(`${baseUrl}/api/v1/invoice/${id}/payment`, {
      method: 'POST',
      headers: { ...headers, 'idempotency-key': randomUUID() },
      body: JSON.stringify({ card: validCard(number, { cvc }) }),
    });
  expect((await pay('4242424242424241', '9182')).status).toBe(400); // invalid: refused by validation
  expect((await pay(SANDBOX_CARDS.declined, '7364')).status).toBe(402);
  expect((await pay(SANDBOX_CARDS.succeeds, '5819')).status).toBe(200);

  child.kill('SIGTERM');
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  expect(code).toBe(0);
  expect(output).toContain('"msg":"request completed"'); // the logs were on
  for (const number of ['4242424242424241', SANDBOX_CARDS.declined, SANDBOX_CARDS.succeeds])
    expect(output).not.toContain(number);
  // Quoted, as a logged body would show them (bare digits could be part of a timestamp).
  for (const cvc of ['9182', '7364', '5819']) expect(output).not.toContain(`"${cvc}"`);
}, 60_000);
