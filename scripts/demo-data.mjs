// Demo data for `npm start`: a traveller and a creator account made through the gateway, as a person would
// sign up. Running it again finds them and changes nothing.
import { setTimeout as sleep } from 'node:timers/promises';

export const demoAccounts = [
  { email: 'traveller@travelclub.local', password: 'traveller-demo', publicName: 'Tess Traveller', role: 'consumer' },
  { email: 'creator@travelclub.local', password: 'creator-demo', publicName: 'Cara Creator', role: 'creator' },
];

async function post(gatewayUrl, path, body) {
  const res = await fetch(new URL(path, gatewayUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json().catch(() => ({})) };
}

/** Signs each demo account in, signing it up first when it does not exist yet. */
export async function seedDemoData(gatewayUrl) {
  const lines = [];
  for (const account of demoAccounts) {
    const { email, password } = account;
    let answer = await post(gatewayUrl, '/api/v1/auth/signIn', { email, password });
    if (answer.body?.error?.code === 'user-not-found') {
      answer = await post(gatewayUrl, '/api/v1/auth/signUp', { ...account, repassword: password });
    }
    if (answer.status >= 400) throw new Error(`demo account ${email}: ${answer.status} ${JSON.stringify(answer.body)}`);
    lines.push(`  ${answer.body.user.roles.join(',').padEnd(14)} ${email} / ${password}`);
  }
  return lines;
}

/** Waits until `url` answers 200, or gives up after `timeoutMs` or once `signal` aborts. */
export async function waitUntilReady(url, timeoutMs = 60_000, signal = undefined) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && !signal?.aborted) {
    if (
      await fetch(url, { signal }).then(
        (res) => res.ok,
        () => false,
      )
    )
      return true;
    await sleep(500, undefined, { signal }).catch(() => undefined);
  }
  return false;
}
