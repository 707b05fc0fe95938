// itineraries list | search | show | cancel: finding a traveller's booking, everything that happened to it, and
// cancelling it under its frozen terms (recorded as a staff action with the reason).
import { endpoints, type SupportItineraryList, type SupportItineraryListQuery } from '@travelclub/contracts';
import type { Command } from 'commander';
import { act, examples, type Context } from '../context.js';
import { money, when } from '../output.js';
import { confirmChange } from '../prompts.js';
import { printItinerary, readItinerary, waitForRefund } from './itinerary-view.js';
import { findAccount } from './lookups.js';
import { reasonText, stayDate, wholeNumber } from './options.js';

interface ListOptions {
  status?: string;
  user?: string;
  email?: string;
  creator?: string;
  hotel?: string;
  from?: string;
  to?: string;
  page: number;
  pageSize: number;
}

function printList(ctx: Context, list: SupportItineraryList) {
  const { out } = ctx;
  out.table(
    ['ID', 'STATUS', 'GUEST', 'HOTELS', 'STAY', 'TOTAL', 'CREATOR', 'CHANGED'],
    list.items.map((i) => [
      i.id,
      out.state(i.status),
      [i.leadGuest, i.contactEmail].filter(Boolean).join('\n'),
      i.hotels.join(', '),
      i.checkIn ? `${i.checkIn} → ${i.checkOut}` : '',
      money(i.total),
      i.creator ?? '',
      when(i.updatedAt),
    ]),
    'No itineraries match.',
  );
  const pages = Math.max(1, Math.ceil(list.total / list.pageSize));
  if (list.total > 0) out.line(out.colors.dim(`\nPage ${list.page} of ${pages} (${list.total} itineraries)`));
}

async function listQuery(ctx: Context, o: ListOptions): Promise<SupportItineraryListQuery> {
  const userId = o.user ? (await findAccount(ctx, o.user)).id : undefined;
  return {
    status: o.status as SupportItineraryListQuery['status'],
    userId,
    email: o.email,
    creator: o.creator,
    hotelId: o.hotel,
    checkInFrom: o.from,
    checkInTo: o.to,
    page: o.page,
    pageSize: o.pageSize,
  };
}

const paging = (command: Command) =>
  command
    .option('--page <n>', 'the page, from 1', wholeNumber('page', 1, 10_000), 1)
    .option('--page-size <n>', 'itineraries a page (1..100)', wholeNumber('page-size', 1, 100), 20);

function listCommands(itineraries: Command) {
  examples(
    act(
      paging(
        itineraries
          .command('list')
          .description('itineraries across all travellers, newest change first')
          .option('--status <status>', 'draft, pending_payment, confirmed, cancelled or expired')
          .option('--user <email|id>', "the owner's account")
          .option('--email <email>', 'the contact (lead guest) address on the booking')
          .option('--creator <slug>', 'the club the traveller came from')
          .option('--hotel <id>', 'a hotel in it')
          .option('--from <date>', 'checking in on or after (YYYY-MM-DD)', stayDate('from'))
          .option('--to <date>', 'checking in on or before (YYYY-MM-DD)', stayDate('to')),
      ),
      async (ctx, options: ListOptions) => {
        const query = await listQuery(ctx, options);
        const list = await ctx.client.call(endpoints.itinerary.supportListItineraries, { query });
        ctx.out.result(list, (l) => printList(ctx, l));
      },
    ),
    [
      'travelclub itineraries list --status confirmed --from 2026-12-01 --to 2026-12-31',
      'travelclub itineraries list --user ana@example.com',
      'travelclub itineraries list --creator lisbon-lena --page 2 --json',
    ],
  );
  examples(
    act(
      paging(
        itineraries
          .command('search')
          .description("an itinerary's id, or part of a guest's name, the contact address, a hotel or the title")
          .argument('<text>', 'at least 2 characters'),
      ),
      async (ctx, text: string, options: { page: number; pageSize: number }) => {
        const query = { q: text, page: options.page, pageSize: options.pageSize };
        const list = await ctx.client.call(endpoints.itinerary.supportListItineraries, { query });
        ctx.out.result(list, (l) => printList(ctx, l));
      },
    ),
    ['travelclub itineraries search "Ana Lima"', 'travelclub itineraries search ana@example.com --json'],
  );
}

/**
 * What cancelling now gives back: the itinerary's figure (the frozen terms' refund, at most what the goodwill
 * refunds it heard of left), and never more than billing says is left of the payment, which also counts a
 * refund still reserved or not yet heard of by the itinerary.
 */
async function cancellationQuote(ctx: Context, id: string) {
  const [terms, cart] = await Promise.all([
    ctx.client.call(endpoints.itinerary.cancellationTerms, { params: { id } }),
    ctx.client.call(endpoints.itinerary.readItinerary, { params: { id } }),
  ]);
  const payments = cart.invoiceId
    ? await ctx.client.call(endpoints.billing.invoicePayments, { params: { id: cart.invoiceId } })
    : undefined;
  const left = payments?.paid ? payments.refundable.amount : terms.refundNow.amount;
  const refundNow = { ...terms.refundNow, amount: Math.min(terms.refundNow.amount, left) };
  return { terms, refundNow, alreadyRefunded: payments?.refunded };
}

async function cancel(ctx: Context, id: string, options: { reason: string; yes?: boolean; wait?: boolean }) {
  const { out } = ctx;
  const { terms, refundNow, alreadyRefunded } = await cancellationQuote(ctx, id);
  if (!out.json) {
    out.line(out.colors.bold(`Cancelling ${id} under its frozen terms`));
    out.table(
      ['HOTEL', 'ROOM', 'STAY', 'PRICE', 'POLICY'],
      terms.terms.lines.map((l) => [
        l.hotelName,
        `${l.roomTypeName} · ${l.rateName}`,
        `${l.checkInDate} → ${l.checkOutDate}`,
        money(l.totalPrice),
        l.policyText,
      ]),
    );
    out.fields([
      ['Charge now', money(terms.chargeNow)],
      ['Refunded already', alreadyRefunded?.amount ? money(alreadyRefunded) : ''],
      ['Refund now', out.colors.bold(money(refundNow))],
      ['Reason', options.reason],
    ]);
  }
  await confirmChange(`Cancel ${id} and refund ${money(refundNow)}?`, options.yes);
  const itinerary = await ctx.client.call(endpoints.itinerary.cancelItinerary, {
    params: { id },
    body: { note: options.reason },
  });
  const refund = options.wait === false ? undefined : await waitForRefund(ctx, itinerary.invoiceId);
  out.result({ itinerary, chargeNow: terms.chargeNow, refundNow, refund }, () => {
    out.done(`Cancelled ${id}: ${itinerary.status}, recorded as your staff action.`);
    if (refund) out.line(`Billing refunded ${money(refund.amount)} (${refund.id}).`);
    else if (refundNow.amount > 0)
      out.line(`Billing will refund ${money(refundNow)}; see \`travelclub itineraries show ${id}\`.`);
  });
}

export function itineraryCommands(program: Command) {
  const itineraries = program
    .command('itineraries')
    .alias('itinerary')
    .description('find, inspect and cancel bookings');
  listCommands(itineraries);
  examples(
    act(
      itineraries
        .command('show')
        .description(
          "lines, holds, invoice, payments, refunds, the events that touched it, the staff actions and the booking's trace",
        )
        .argument('<id|reference>', "the itinerary's id, or its booking reference (TC-7K3M9QXA, any case)"),
      async (ctx, idOrReference: string) => {
        const view = await readItinerary(ctx, idOrReference);
        ctx.out.result(view, (v) => printItinerary(ctx, v));
      },
    ),
    [
      'travelclub itineraries show 6745f0c2a1b2c3d4e5f60718',
      'travelclub itineraries show TC-7K3M9QXA',
      'travelclub itineraries show 6745f0c2a1b2c3d4e5f60718 --json | jq .events',
      'TRACE_VIEWER_URL="https://jaeger.example.com/trace/{traceId}" travelclub itineraries show TC-7K3M9QXA',
    ],
  );
  examples(
    act(
      itineraries
        .command('cancel')
        .description('cancel under the frozen terms: shows the charge and the refund, then asks to confirm')
        .argument('<id>')
        .requiredOption('--reason <text>', 'why (kept with your staff id)', reasonText)
        .option('-y, --yes', 'do not ask to confirm')
        .option('--no-wait', "do not wait for billing's refund"),
      cancel,
    ),
    [
      'travelclub itineraries cancel 6745f0c2a1b2c3d4e5f60718 --reason "guest called: flight cancelled"',
      'travelclub itineraries cancel 6745f0c2a1b2c3d4e5f60718 --reason "duplicate booking" --yes --json',
    ],
  );
}
