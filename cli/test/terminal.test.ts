// travelclub on a real terminal (a pseudo-terminal): the login prompts with the password never echoed, the
// confirmation before a change ("no" changes nothing, "yes" does it), and colours only where they belong.
import { testInfra, uniqueName } from '@travelclub/kit/testing';
import { spawn, type IPty } from '@lydell/node-pty';
import { mkdtempSync } from 'node:fs';
import { stripVTControlCharacters } from 'node:util';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { paidBooking, SUPPORT_EMAIL, SUPPORT_PASSWORD, useStack, type PaidBooking } from './platform.js';
import { BIN, desk } from './run.js';

const platform = useStack();
const configHome = mkdtempSync(join(tmpdir(), 'travelclub-tty-'));
let booking: PaidBooking;

beforeAll(async () => {
  booking = await paidBooking(platform.stack.gateway);
}, 120_000);

/** What the terminal shows, without its escape sequences. */
const plain = (text: string) => stripVTControlCharacters(text);

/** A command on a 100-column terminal: what it printed so far, typing, and its exit. */
function onTerminal(args: string[], env: Record<string, string> = {}) {
  let screen = '';
  const term: IPty = spawn(process.execPath, [BIN, ...args], {
    cols: 100,
    rows: 40,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: configHome,
      XDG_CONFIG_HOME: configHome,
      TRAVELCLUB_API: platform.stack.gateway,
      TERM: 'xterm-256color',
      ...env,
    },
  });
  term.onData((data) => {
    screen += data;
  });
  const exited = new Promise<number>((resolve) => term.onExit(({ exitCode }) => resolve(exitCode)));
  return {
    get screen() {
      return screen;
    },
    async waitFor(text: string, timeoutMs = 20_000) {
      const until = Date.now() + timeoutMs;
      while (!plain(screen).includes(text)) {
        if (Date.now() > until) throw new Error(`"${text}" did not appear; the screen:\n${plain(screen)}`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    type: (keys: string) => term.write(keys),
    exited,
  };
}

describe('on a terminal', () => {
  it('asks for the email and a hidden password, and signs in', async () => {
    const login = onTerminal(['login']);
    await login.waitFor('Email:');
    login.type(`${SUPPORT_EMAIL}\r`);
    await login.waitFor('Password:');
    login.type(`${SUPPORT_PASSWORD}\r`);
    expect(await login.exited).toBe(0);
    expect(plain(login.screen)).toContain(`Signed in to ${platform.stack.gateway} as ${SUPPORT_EMAIL}`);
    // Neither the password nor a mask of it ever reached the screen.
    expect(login.screen).not.toContain(SUPPORT_PASSWORD);
    expect(login.screen).not.toContain('*'.repeat(SUPPORT_PASSWORD.length));
  });

  it('asks before cancelling: "no" changes nothing, "yes" cancels', async () => {
    const refused = onTerminal(['itineraries', 'cancel', booking.itineraryId, '--reason', 'guest asked']);
    await refused.waitFor('Refund now');
    await refused.waitFor(`Cancel ${booking.itineraryId} and refund`);
    refused.type('n\r');
    expect(await refused.exited).toBe(1);
    expect(plain(refused.screen)).toContain('Not confirmed: nothing was changed');
    expect((await booking.traveller.itinerary(booking.itineraryId)).body.status).toBe('confirmed');

    const confirmed = onTerminal(['itineraries', 'cancel', booking.itineraryId, '--reason', 'guest asked']);
    await confirmed.waitFor(`Cancel ${booking.itineraryId} and refund`);
    confirmed.type('y\r');
    expect(await confirmed.exited).toBe(0);
    expect(plain(confirmed.screen)).toContain(`Cancelled ${booking.itineraryId}: cancelled`);
    expect((await booking.traveller.itinerary(booking.itineraryId)).body.status).toBe('cancelled');
  });

  it('colours a terminal, but never with NO_COLOR, and fits tables to its width', async () => {
    const coloured = onTerminal(['health']);
    expect(await coloured.exited).toBe(0);
    expect(coloured.screen).toContain('\u001b[32mup');
    const uncoloured = onTerminal(['health'], { NO_COLOR: '1' });
    expect(await uncoloured.exited).toBe(0);
    expect(uncoloured.screen).not.toContain('\u001b[32m');
    expect(uncoloured.screen).not.toContain('\u001b[31m');
    const wide = onTerminal(['itineraries', 'show', booking.itineraryId]);
    expect(await wide.exited).toBe(0);
    for (const line of plain(wide.screen).split(/\r?\n/)) expect(line.length, line).toBeLessThanOrEqual(100);
  });

  it('shows a progress bar while seeding', async () => {
    const db = uniqueName('tty_seed').replace(/-/g, '_');
    const seeding = onTerminal(['seed', '--hotels', '3000', '--db', db], { MONGO_URL: testInfra().mongoUrl });
    expect(await seeding.exited).toBe(0);
    expect(plain(seeding.screen)).toMatch(/seeding \[.*\] 100% \| 3000\/3000 hotels/);
    expect(plain(seeding.screen)).toContain(`Seeded 3000 new hotels (3000 asked, seed 42) into ${db}`);
  }, 90_000);

  it('signs in from a pipe only with --password-stdin', async () => {
    const piped = desk(platform.stack.gateway);
    const ran = await piped.run(['login', '--email', SUPPORT_EMAIL]);
    expect(ran.code).toBe(2);
    expect(ran.stderr).toContain('--password-stdin');
  });
});
