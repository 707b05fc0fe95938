// travelclub as support staff use it: each command a real process against the whole platform, its tables and
// --json, its exit codes, and what it changed behind the API.
import {
  cancellationChargeAt,
  deadLetterTopic,
  topics,
  type CancellationTerms,
  type DeadLetter,
  type EventEnvelope,
  type Money,
} from '@travelclub/contracts';
import { createKafka, newEvent } from '@travelclub/kit';
import { testInfra, uniqueName } from '@travelclub/kit/testing';
import { Creator, eventually } from '@travelclub/testing';
import { randomUUID } from 'node:crypto';
import { statSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { MongoClient } from 'mongodb';
import pino from 'pino';
import { beforeAll, describe, expect, it } from 'vitest';
import { paidBooking, SUPPORT_EMAIL, SUPPORT_PASSWORD, useStack, type PaidBooking } from './platform.js';
import { desk, type Desk } from './run.js';

/**
 * What the frozen terms keep and give back of `paid` when cancelling at `at`, worked out here from each line's
 * charges (the itinerary's rule, checked from outside it).
 */
function termsAt(paid: Money, terms: CancellationTerms, at: Date): { charge: Money; refund: Money } {
  const charges = terms.lines.map(
    (line) => cancellationChargeAt({ cancellationCharges: line.charges, totalPrice: line.totalPrice }, at).amount,
  );
  const charge = Math.min(
    paid.amount,
    charges.reduce((sum, amount) => sum + amount, 0),
  );
  return {
    charge: { amount: charge, currency: paid.currency },
    refund: { amount: paid.amount - charge, currency: paid.currency },
  };
}

const platform = useStack();
// A test that runs a dozen commands or more, each its own Node process, has 90 s: well under a second a command
// on an idle machine, several while the rest of the suite keeps both cores busy.
let staff: Desk;
let booking: PaidBooking;

beforeAll(async () => {
  staff = desk(platform.stack.gateway);
  booking = await paidBooking(platform.stack.gateway);
}, 120_000);

describe('signing in', () => {
  it('refuses every command before login with exit code 3', async () => {
    const ran = await staff.run(['itineraries', 'list']);
    expect(ran.code).toBe(3);
    expect(ran.stderr.trim()).toBe('error: You are not signed in. Run `travelclub login` first.');
  });

  it('keeps the session in a 0600 file of a 0700 directory, never the password', async () => {
    const ran = await staff.run(['login', '--email', SUPPORT_EMAIL, '--password-stdin'], { input: SUPPORT_PASSWORD });
    expect(ran.code, ran.stderr).toBe(0);
    expect(ran.stdout).toContain(`Signed in to ${platform.stack.gateway} as ${SUPPORT_EMAIL}`);
    expect(statSync(staff.credentials).mode & 0o777).toBe(0o600);
    expect(statSync(`${staff.configHome}/travelclub`).mode & 0o777).toBe(0o700);
    const file = await readFile(staff.credentials, 'utf8');
    expect(file).not.toContain(SUPPORT_PASSWORD);
    expect(JSON.parse(file).sessions[platform.stack.gateway].refreshToken).toMatch(/\S+\.\S+/);
  });

  it('says who is signed in, as a table and as JSON', async () => {
    const table = await staff.run(['whoami']);
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(new RegExp(`Email\\s+${SUPPORT_EMAIL}`));
    expect(table.stdout).toMatch(/Support staff\s+yes/);
    const me = await staff.json<{ email: string; roles: string[] }>(['whoami']);
    expect(me.email).toBe(SUPPORT_EMAIL);
    expect(me.roles).toContain('role/support');
  });

  it('answers a wrong password with the platform’s message and exit code 3', async () => {
    const other = desk(platform.stack.gateway);
    const ran = await other.run(['login', '--email', SUPPORT_EMAIL, '--password-stdin'], { input: 'not the password' });
    expect(ran.code).toBe(3);
    expect(ran.stderr).toContain('The specified password does not match the records.');
  });
});

describe('itineraries', () => {
  it('finds the booking by the guest’s name and by the owner’s email', async () => {
    const found = await staff.json<{ items: { id: string; status: string }[]; total: number }>([
      'itineraries',
      'search',
      booking.email,
    ]);
    expect(found.items.map((i) => i.id)).toContain(booking.itineraryId);
    const byOwner = await staff.json<{ items: { id: string; status: string }[]; total: number }>([
      'itineraries',
      'list',
      '--user',
      booking.email,
    ]);
    expect(byOwner).toMatchObject({ total: 1, items: [{ id: booking.itineraryId, status: 'confirmed' }] });
    const table = await staff.run(['itineraries', 'list', '--user', booking.email]);
    expect(table.stdout.split('\n')[0]).toMatch(/^ID\s+STATUS\s+GUEST\s+HOTELS/);
    expect(table.stdout).toContain(booking.itineraryId);
    expect(table.stdout).toContain('Page 1 of 1 (1 itineraries)');
  });

  it('shows the lines, invoice, payment, events and its own read as a staff action', async () => {
    type View = {
      invoices: { invoiceId: string; payments: { status: string }[] }[];
      events: { event: { type: string } }[];
      staffActions: { action: string; staffId: string }[];
    };
    // The support desk shows an event once it has settled: recorded EVENT_LOG_SETTLE_MS (2 s) before, so that
    // none recorded later can take a place before it (docs/events.md). The booking's last events were recorded
    // just before paidBooking saw it confirmed, so a read right after shows the log up to the hold placed before
    // them (as a CI run did); they are asked for until they show.
    const view = await eventually(async () => {
      const read = await staff.json<View>(['itineraries', 'show', booking.itineraryId]);
      return read.events.some((e) => e.event.type === 'itinerary.confirmed') && read;
    });
    expect(view.invoices.map((i) => i.invoiceId)).toContain(booking.invoiceId);
    expect(view.invoices[0]!.payments.map((p) => p.status)).toContain('succeeded');
    expect(view.events.map((e) => e.event.type)).toEqual(expect.arrayContaining(['itinerary.confirmed']));
    expect(view.staffActions.at(-1)).toMatchObject({ action: 'read' });
    const table = await staff.run(['itineraries', 'show', booking.itineraryId]);
    for (const section of ['Lines', 'Holds', `Invoice ${booking.invoiceId}`, 'Events', 'Staff actions'])
      expect(table.stdout).toContain(section);
  });

  it('finds the booking by the short reference the traveller reads out, in any case', async () => {
    const byId = await staff.json<{ itinerary: { id: string; reference: string } }>([
      'itineraries',
      'show',
      booking.itineraryId,
    ]);
    const { reference } = byId.itinerary;
    expect(reference).toMatch(/^TC-[2-9A-HJ-NP-Z]{8}$/);
    const view = await staff.json<{ itinerary: { id: string }; events: { event: { type: string } }[] }>([
      'itineraries',
      'show',
      reference.toLowerCase(),
    ]);
    expect(view.itinerary.id).toBe(booking.itineraryId);
    // The events are the itinerary's, found by its id whatever was typed.
    expect(view.events.map((e) => e.event.type)).toEqual(expect.arrayContaining(['itinerary.confirmed']));
    const table = await staff.run(['itineraries', 'show', reference]);
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(new RegExp(`Reference\\s+${reference}`));
    const found = await staff.json<{ items: { id: string }[] }>(['itineraries', 'search', reference.slice(3)]);
    expect(found.items.map((i) => i.id)).toEqual([booking.itineraryId]);
  });

  it('prints the booking’s trace and its page in the trace viewer (TRACE_VIEWER_URL), and the id in --json', async () => {
    const view = await staff.json<{ traceId?: string }>(['itineraries', 'show', booking.itineraryId]);
    const traceId = view.traceId!;
    expect(traceId).toMatch(/^[0-9a-f]{32}$/);
    const zipkin = await staff.run(['itineraries', 'show', booking.itineraryId]);
    expect(zipkin.stdout).toMatch(
      new RegExp(`\\nTrace +${traceId}\\nTrace link +http://127\\.0\\.0\\.1:9411/zipkin/traces/${traceId}\\n`),
    );
    const jaeger = await staff.run(['itineraries', 'show', booking.itineraryId], {
      env: { TRACE_VIEWER_URL: 'https://jaeger.example.com/trace/{traceId}' },
    });
    expect(jaeger.stdout).toMatch(new RegExp(`\\nTrace link +https://jaeger\\.example\\.com/trace/${traceId}\\n`));
  });

  it('answers an unknown itinerary with exit code 1 and the platform’s message', async () => {
    const ran = await staff.run(['itineraries', 'show', 'no-such-itinerary']);
    expect(ran.code).toBe(1);
    expect(ran.stderr.trim()).toBe('error: Itinerary not found');
  });

  it('refuses bad options as usage, exit code 2', async () => {
    expect((await staff.run(['itineraries', 'list', '--page', '0'])).code).toBe(2);
    expect((await staff.run(['itineraries', 'list', '--from', '24/12/2026'])).code).toBe(2);
    const noReason = await staff.run(['itineraries', 'cancel', booking.itineraryId]);
    expect(noReason.code).toBe(2);
    expect(noReason.stderr).toContain("required option '--reason <text>' not specified");
    // Off a terminal a change is never confirmed by default.
    const unconfirmed = await staff.run(['itineraries', 'cancel', booking.itineraryId, '--reason', 'guest asked']);
    expect(unconfirmed.code).toBe(2);
    expect(unconfirmed.stderr).toContain('add --yes');
  });
});

describe('money', () => {
  it('refuses a refund of more than was paid, then gives back part of it', async () => {
    const invoice = await staff.json<{ total: Money; payment: { amount: Money } }>([
      'invoices',
      'show',
      booking.invoiceId,
    ]);
    const tooMuch = await staff.run([
      'refunds',
      'issue',
      booking.invoiceId,
      '--amount',
      '999999',
      '--reason',
      'test',
      '--yes',
    ]);
    expect(tooMuch.code).toBe(1);
    expect(tooMuch.stderr).toContain('A refund cannot be more than what is left of the payment');
    const refunded = await staff.json<{ refund: { amount: Money; staffId: string; reason: string } }>([
      'refunds',
      'issue',
      booking.invoiceId,
      '--amount',
      '1.00',
      '--reason',
      'breakfast was not served',
      '--yes',
    ]);
    expect(refunded.refund).toMatchObject({
      amount: { amount: 100, currency: invoice.payment.amount.currency },
      reason: 'goodwill',
    });
    const payments = await staff.json<{ payments: { status: string }[] }>([
      'payments',
      'list',
      '--invoice',
      booking.invoiceId,
    ]);
    expect(payments.payments.map((p) => p.status)).toEqual(['succeeded']);
  });

  it('cancels a booking and billing refunds exactly what the frozen terms give back, less goodwill given', async () => {
    // Checking in tomorrow: past the free cancellation, so the terms keep a charge.
    const other = await paidBooking(platform.stack.gateway, 1);
    const goodwill = await staff.run([
      'refunds',
      'issue',
      other.invoiceId,
      '--amount',
      '5.00',
      '--reason',
      'late check-in',
      '--yes',
    ]);
    expect(goodwill.code, goodwill.stderr).toBe(0);
    const before = await staff.json<{ terms: CancellationTerms; invoices: { paid: Money }[] }>([
      'itineraries',
      'show',
      other.itineraryId,
    ]);
    const startedAt = new Date();
    const cancelled = await staff.json<{ refundNow: Money; refund: { amount: Money; reason: string } }>([
      'itineraries',
      'cancel',
      other.itineraryId,
      '--reason',
      'guest called: flight cancelled',
      '--yes',
    ]);
    const paid = before.invoices[0]!.paid;
    const owed = termsAt(paid, before.terms, startedAt);
    expect(owed.charge.amount, 'the terms keep a charge').toBeGreaterThan(0);
    // The terms' refund, but never more than the payment less the 5.00 already given back.
    const expected = { ...owed.refund, amount: Math.min(owed.refund.amount, paid.amount - 500) };
    expect(cancelled.refund).toMatchObject({ amount: expected, reason: 'cancelled' });
    expect(cancelled.refundNow).toEqual(expected);
    const after = await staff.json<{
      itinerary: { status: string };
      staffActions: { action: string; reason?: string; staffId: string }[];
      invoices: { refunds: { amount: Money }[] }[];
    }>(['itineraries', 'show', other.itineraryId]);
    expect(after.itinerary.status).toBe('cancelled');
    expect(after.invoices[0]!.refunds).toHaveLength(2);
    const me = await staff.json<{ id: string }>(['whoami']);
    expect(after.staffActions).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ action: 'cancel', reason: 'guest called: flight cancelled', staffId: me.id }),
      ]),
    );
  });
});

describe('a traveller’s account in the tool', () => {
  it('is refused every support command with exit code 1', async () => {
    const traveller = desk(platform.stack.gateway);
    const login = await traveller.run(['login', '--email', booking.email, '--password-stdin'], {
      input: booking.password,
    });
    expect(login.code).toBe(0);
    expect(login.stderr).toContain('this account is not support staff');
    for (const command of [
      ['itineraries', 'list'],
      ['refunds', 'issue', booking.invoiceId, '--amount', '1.00', '--reason', 'just because', '--yes'],
      ['users', 'show', SUPPORT_EMAIL],
      ['dlq', 'list'],
    ]) {
      const ran = await traveller.run(command);
      expect(ran.code, command.join(' ')).toBe(1);
      expect(ran.stderr, command.join(' ')).toMatch(/^error: .+/);
    }
  });
});

describe('accounts', () => {
  it('shows an account and grants and revokes a role, each recorded with the staff id', async () => {
    const me = await staff.json<{ id: string }>(['whoami']);
    const granted = await staff.json<{ roles: string[] }>([
      'users',
      'grant-role',
      booking.email,
      'creator',
      '--reason',
      'verified by phone',
      '--yes',
    ]);
    expect(granted.roles).toContain('role/creator');
    const revoked = await staff.json<{ roles: string[]; staffActions: { action: string; staffId: string }[] }>([
      'users',
      'revoke-role',
      booking.email,
      'creator',
      '--reason',
      'asked by mistake',
      '--yes',
    ]);
    expect(revoked.roles).not.toContain('role/creator');
    expect(revoked.staffActions.map((a) => [a.action, a.staffId])).toEqual([
      ['grant-role', me.id],
      ['revoke-role', me.id],
    ]);
    expect((await staff.run(['users', 'grant-role', booking.email, 'support', '--reason', 'nope', '--yes'])).code).toBe(
      2,
    );
  });

  it('signs an account out everywhere', async () => {
    const traveller = desk(platform.stack.gateway);
    await traveller.run(['login', '--email', booking.email, '--password-stdin'], { input: booking.password });
    const answer = await staff.json<{ revoked: number; account: { activeSessions: number } }>([
      'users',
      'revoke-sessions',
      booking.email,
      '--reason',
      'phone stolen',
      '--yes',
    ]);
    expect(answer.revoked).toBeGreaterThanOrEqual(1);
    expect(answer.account.activeSessions).toBe(0);
    // The traveller's tool finds its session gone once its access token needs renewing.
    const saved = JSON.parse(await readFile(traveller.credentials, 'utf8'));
    for (const session of Object.values(saved.sessions) as { accessExpiresAt: number }[]) session.accessExpiresAt = 0;
    const { writeFile } = await import('node:fs/promises');
    await writeFile(traveller.credentials, JSON.stringify(saved), { mode: 0o600 });
    const ran = await traveller.run(['whoami']);
    expect(ran.code).toBe(3);
    expect(ran.stderr).toContain('Your session has ended');
  });
});

describe('the platform', () => {
  it('is healthy, part by part with each dependency, and says when it cannot be reached', async () => {
    const healthy = await staff.run(['health']);
    expect(healthy.code, healthy.stderr).toBe(0);
    expect(healthy.stdout).toMatch(/billing\s+up\s+.*mongo/);
    expect(healthy.stdout).toContain('Everything is up.');
    const unreachable = await staff.run(['health', '--api', 'http://127.0.0.1:9']);
    expect(unreachable.code).toBe(4);
    expect((await staff.run(['whoami', '--api', 'http://127.0.0.1:9'])).code).toBe(3);
  });

  it('counts each queue’s jobs', async () => {
    const stats = await staff.json<{ queues: { name: string; failed: number }[] }>(['jobs', 'stats']);
    expect(stats.queues.map((q) => q.name)).toContain('emails');
  });

  it('tails the events about one itinerary, one envelope a line with --json', async () => {
    const ran = await staff.run(['events', 'tail', '--aggregate', booking.itineraryId, '--no-follow', '--json']);
    expect(ran.code, ran.stderr).toBe(0);
    const envelopes = ran.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { type: string });
    expect(envelopes.map((e) => e.type)).toEqual(expect.arrayContaining(['itinerary.confirmed']));
    const table = await staff.run(['events', 'tail', '--aggregate', booking.itineraryId, '--no-follow']);
    expect(table.stdout).toMatch(/itinerary\.confirmed/);
    expect(table.stdout).not.toContain('\u001b['); // not a terminal: no colours
  });

  it('signs out: the session is forgotten here and revoked on the platform', async () => {
    const saved = JSON.parse(await readFile(staff.credentials, 'utf8')).sessions[platform.stack.gateway];
    // Another command holds the session lock (a refresh under way): the logout waits for it to end.
    const lock = join(dirname(staff.credentials), 'session.lock');
    await mkdir(lock);
    await writeFile(join(lock, 'another-command'), '');
    const started = Date.now();
    const released = sleep(1_500).then(() => rm(lock, { recursive: true, force: true }));
    expect((await staff.run(['logout'])).code).toBe(0);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_500);
    await released;
    expect(JSON.parse(await readFile(staff.credentials, 'utf8')).sessions[platform.stack.gateway]).toBeUndefined();
    const refresh = await fetch(`${platform.stack.gateway}/api/v1/auth/token/refresh`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refreshToken: saved.refreshToken }),
    });
    expect(refresh.status).toBe(401);
    expect((await staff.run(['whoami'])).code).toBe(3);
  });
});

describe('dead letters', () => {
  it('replays a letter billing gave up on: a dry run changes nothing, the replay refunds once, never twice', async () => {
    const relogin = await staff.run(['login', '--email', SUPPORT_EMAIL, '--password-stdin'], {
      input: SUPPORT_PASSWORD,
    });
    expect(relogin.code).toBe(0);
    const lost = await paidBooking(platform.stack.gateway);
    const detail = await staff.json<{ terms: CancellationTerms; ownerId: string; invoices: { paid: Money }[] }>([
      'itineraries',
      'show',
      lost.itineraryId,
    ]);
    const me = await staff.json<{ id: string }>(['whoami']);
    const cancelledAt = new Date();
    const owed = termsAt(detail.invoices[0]!.paid, detail.terms, cancelledAt);
    const event = newEvent(
      'itinerary.cancelled',
      lost.itineraryId,
      {
        itineraryId: lost.itineraryId,
        userId: detail.ownerId,
        invoiceId: lost.invoiceId,
        cancelledBy: { userId: me.id, role: 'role/support' },
        cancelledAt: cancelledAt.toISOString(),
        reason: 'requested',
        terms: detail.terms,
        refund: owed.refund,
      },
      { correlationId: randomUUID(), causationId: randomUUID() },
    );
    // What billing's consumer writes when it gives an event up, as if a bug had refused this cancellation.
    await deadLetter(event, 'billing');
    const { letters } = await staff.json<{ letters: { ref: string; eventId?: string; replayedAt?: string }[] }>([
      'dlq',
      'list',
      '--open',
      '--topic',
      'itinerary.events',
    ]);
    const letter = letters.find((l) => l.eventId === event.id);
    expect(letter, JSON.stringify(letters)).toBeDefined();
    const ref = letter!.ref;
    const refunds = async () =>
      (
        await staff.json<{ refunds: { amount: Money; reason: string }[] }>([
          'payments',
          'list',
          '--invoice',
          lost.invoiceId,
        ])
      ).refunds;

    const dry = await staff.json<{ dryRun: boolean; outcomes: { outcome: string }[] }>([
      'dlq',
      'replay',
      ref,
      '--dry-run',
    ]);
    expect(dry).toEqual({ dryRun: true, outcomes: [{ ref, outcome: 'would-replay' }] });
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(await refunds()).toEqual([]);

    const replayed = await staff.json<{ outcomes: { outcome: string }[] }>([
      'dlq',
      'replay',
      ref,
      '--yes',
      '--reason',
      'bug fixed',
    ]);
    expect(replayed.outcomes).toEqual([{ ref, outcome: 'replayed' }]);
    await expect
      .poll(refunds, { timeout: 30_000 })
      .toEqual([expect.objectContaining({ amount: owed.refund, reason: 'cancelled' })]);

    const again = await staff.json<{ outcomes: { outcome: string }[] }>(['dlq', 'replay', ref, '--yes']);
    expect(again.outcomes).toEqual([{ ref, outcome: 'already-replayed' }]);
    const forced = await staff.json<{ outcomes: { outcome: string }[] }>(['dlq', 'replay', ref, '--yes', '--force']);
    expect(forced.outcomes).toEqual([{ ref, outcome: 'replayed' }]);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(await refunds()).toHaveLength(1);
    const shown = await staff.run(['dlq', 'show', ref]);
    expect(shown.stdout).toContain(event.id);
    // Each replay recorded with the staff id, the first with the reason given.
    const mongo = await MongoClient.connect(testInfra().mongoUrl);
    try {
      const actions = await mongo
        .db(platform.stack.databases.notifications)
        .collection('staff_actions')
        .find({ staffId: me.id })
        .toArray();
      expect(actions.length).toBeGreaterThanOrEqual(2);
      expect(JSON.stringify(actions)).toContain('bug fixed');
    } finally {
      await mongo.close();
    }
  }, 90_000);
});

describe('creators and operators', () => {
  it('verifies a creator by handle, shows their payout and a subscriber', async () => {
    const creator = await new Creator(platform.stack.gateway).signUp(`${uniqueName('club')}@example.test`, 'Club Cleo');
    const link = `https://video.example/${creator.slug}`;
    const requested = await creator.call('POST', '/api/v1/creator/requestVerification', {
      links: [link],
      note: 'my channel\nand my press page',
    });
    expect(requested.status).toBeLessThan(300);
    // Staff see what they would approve: the pending requests with their links and note, and one in full.
    const listed = await staff.run(['creators', 'requests']);
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout).toMatch(/HANDLE\s+REQUESTED\s+STATUS\s+LINKS\s+NOTE/);
    expect(listed.stdout).toContain(creator.slug);
    const one = await staff.run(['creators', 'requests', creator.slug]);
    expect(one.code, one.stderr).toBe(0);
    expect(one.stdout).toMatch(new RegExp(`Handle\\s+${creator.slug}`));
    expect(one.stdout).toMatch(/Status\s+pending/);
    expect(one.stdout).toContain(`Links\n  ${link}`);
    expect(one.stdout).toContain('Note\n  my channel\n  and my press page');
    const asJson = await staff.json<{ handle: string; links: string[]; note: string }>([
      'creators',
      'requests',
      creator.slug,
    ]);
    expect(asJson).toMatchObject({ handle: creator.slug, links: [link], note: 'my channel\nand my press page' });
    // Off a terminal a decision needs --yes.
    expect((await staff.run(['creators', 'verify', creator.slug])).code).toBe(2);
    const verified = await staff.run(['creators', 'verify', creator.slug, '--yes']);
    expect(verified.code, verified.stderr).toBe(0);
    expect(verified.stdout).toContain(`Verified ${creator.slug}`);
    const none = await staff.run(['creators', 'refuse', creator.slug, '--reason', 'already decided', '--yes']);
    expect(none.code).toBe(1);
    expect(none.stderr).toContain(`No pending verification request for ${creator.slug}`);
    const payout = await staff.run(['payouts', 'show', creator.slug]);
    expect(payout.code, payout.stderr).toBe(0);
    expect(payout.stdout).toMatch(new RegExp(`Creator\\s+${creator.slug}`));
    expect(payout.stdout).toContain('No entries.');
    const unknown = await staff.run(['payouts', 'show', 'no-such-club-here']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr.trim()).toBe('error: No payout for this creator');
    const subscriber = await staff.json<{ email: string; subscriptions: unknown[] }>([
      'subscribers',
      'show',
      booking.email,
    ]);
    expect(subscriber).toEqual({ email: booking.email, subscriptions: [] });
  }, 90_000);

  it('seeds a catalog: one line off a terminal, JSON for scripts, hotels already there kept', async () => {
    const db = uniqueName('cli_seed').replace(/-/g, '_');
    const ran = await staff.run(['seed', '--hotels', '40', '--db', db], { env: { MONGO_URL: testInfra().mongoUrl } });
    expect(ran.code, ran.stderr).toBe(0);
    expect(ran.stdout).toMatch(new RegExp(`^Seeded 40 new hotels \\(40 asked, seed 42\\) into ${db} in [\\d.]+ s\\n$`));
    const again = await staff.run(['seed', '--hotels', '40', '--db', db, '--json'], {
      env: { MONGO_URL: testInfra().mongoUrl },
    });
    expect(JSON.parse(again.stdout)).toMatchObject({ added: 0, asked: 40 });
    expect((await staff.run(['seed', '--hotels', '0'])).code).toBe(2);
  }, 90_000);

  it('retries failed jobs of a queue, and names a queue that does not exist', async () => {
    const before = await staff.json<{ queues: { name: string; failed: number }[] }>(['jobs', 'stats']);
    const failed = before.queues.find((q) => q.name === 'emails')!.failed;
    const retried = await staff.json<{ retried: number }>([
      'jobs',
      'retry',
      'emails',
      '--yes',
      '--reason',
      'SMTP is back',
    ]);
    expect(retried.retried).toBe(failed);
    const unknown = await staff.run(['jobs', 'retry', 'no-such-queue', '--yes']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr.trim()).toBe('error: Queue not found');
  });
});

/** Writes `event` to its topic's dead letters as `service`'s consumer does when it gives an event up. */
async function deadLetter(event: EventEnvelope, service: string) {
  const { stack } = platform;
  const topic = `${stack.topicPrefix}${topics.itinerary}`;
  const letter: DeadLetter = {
    envelope: event,
    error: { name: 'Error', message: 'refused by a bug since fixed' },
    consumer: `${stack.topicPrefix}${service}`,
    topic,
    partition: 0,
    offset: '0',
    attempts: 1,
    failedAt: new Date().toISOString(),
  };
  const producer = createKafka('cli-test', stack.kafkaBrokers.split(','), pino({ level: 'silent' })).producer();
  await producer.connect();
  try {
    await producer.send({
      topic: deadLetterTopic(topic),
      acks: -1,
      messages: [{ key: event.aggregateId, value: JSON.stringify(letter) }],
    });
  } finally {
    await producer.disconnect();
  }
}
