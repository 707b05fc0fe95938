// `itineraries show`: one booking as support needs it to answer "why was this guest charged?": the itinerary
// and its holds, each invoice with its payments and refunds, the frozen terms, the events that named it, and
// every staff action (the itinerary's own log and billing's goodwill refunds) in time order; and the booking's
// trace, with a link to the trace viewer, to follow it through every part.
import {
  endpoints,
  type SupportInvoicePayments,
  type SupportPaymentAttempt,
  type SupportRefund,
} from '@travelclub/contracts';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Context } from '../context.js';
import { money, terminalSafe, when } from '../output.js';
import { eventsAbout } from './lookups.js';

/** The trace viewer of `npm start` (Zipkin): what TRACE_VIEWER_URL is when unset. */
export const DEFAULT_TRACE_VIEWER_URL = 'http://127.0.0.1:9411/zipkin/traces/{traceId}';

/**
 * The booking's trace as the `Trace` line shows it: its id and its page in the viewer, from the template
 * TRACE_VIEWER_URL (`{traceId}` replaced; Jaeger's `…/trace/{traceId}`, Grafana Tempo's explore link, …).
 * Empty without a trace, so the line is left out. The template is the user's own setting: what a terminal would
 * act on is taken out of it too.
 */
export function traceField(traceId: string | undefined, template = process.env.TRACE_VIEWER_URL): string {
  if (!traceId) return '';
  const viewer = template?.trim() || DEFAULT_TRACE_VIEWER_URL;
  return terminalSafe(viewer.replaceAll('{traceId}', encodeURIComponent(traceId)));
}

/** The itinerary by its id or its booking reference (`TC-…`, as the traveller reads it out), and all around it. */
export async function readItinerary(ctx: Context, idOrReference: string) {
  const detail = await ctx.client.call(endpoints.itinerary.supportReadItinerary, { params: { id: idOrReference } });
  // Events name the itinerary by its id, whatever staff typed.
  const id = detail.itinerary.id;
  const [invoices, events] = await Promise.all([
    Promise.all(
      detail.invoiceIds.map((invoiceId) =>
        ctx.client.call(endpoints.billing.invoicePayments, { params: { id: invoiceId } }),
      ),
    ),
    eventsAbout(ctx, id),
  ]);
  const staffActions = [
    ...detail.staffActions.map((a) => ({ ...a, on: 'itinerary' })),
    ...invoices.flatMap((invoice) =>
      invoice.refunds
        .filter((r) => r.staffId)
        .map((r) => ({
          at: r.issuedAt,
          staffId: r.staffId!,
          action: `refund ${money(r.amount)}`,
          reason: r.note,
          on: invoice.invoiceId,
        })),
    ),
  ].sort((a, b) => a.at.localeCompare(b.at));
  return { ...detail, invoices, events, staffActions };
}
type ItineraryView = Awaited<ReturnType<typeof readItinerary>>;

function printInvoice(ctx: Context, invoice: SupportInvoicePayments) {
  const { out } = ctx;
  out.heading(`Invoice ${invoice.invoiceId}`);
  out.fields([
    ['Status', out.state(invoice.status)],
    ['Total', money(invoice.total)],
    ['Paid', money(invoice.paid)],
    ['Refunded', money(invoice.refunded)],
    ['Refundable', money(invoice.refundable)],
  ]);
  printPayments(ctx, invoice.payments);
  if (invoice.refunds.length > 0) out.line();
  printRefunds(ctx, invoice.refunds, '');
}

/** Every payment attempt of an invoice, declines included. */
export function printPayments(ctx: Context, payments: SupportPaymentAttempt[]) {
  const { out } = ctx;
  out.table(
    ['PAYMENT', 'STATUS', 'AMOUNT', 'CARD', 'CODE', 'AT'],
    payments.map((p) => [
      p.id,
      out.state(p.status),
      money(p.amount),
      p.card ? `${p.card.brand} ····${p.card.last4}` : '',
      p.code ?? '',
      when(p.at),
    ]),
    'No payment attempts.',
  );
}

export function printRefunds(ctx: Context, refunds: SupportRefund[], empty = 'No refunds.') {
  if (refunds.length === 0 && !empty) return;
  ctx.out.table(
    ['REFUND', 'AMOUNT', 'REASON', 'BY', 'NOTE', 'ISSUED'],
    refunds.map((r) => [r.id, money(r.amount), r.reason, r.staffId ?? 'billing', r.note ?? '', when(r.issuedAt)]),
    empty,
  );
}

export function printItinerary(ctx: Context, view: ItineraryView) {
  const { out } = ctx;
  const { itinerary: it } = view;
  out.fields([
    ['Itinerary', it.id],
    ['Reference', it.reference],
    ['Status', out.state(it.status)],
    ['Title', it.title],
    ['Owner', view.ownerId],
    ['Lead guest', it.leadGuest ? `${it.leadGuest.name} <${it.leadGuest.email}> ${it.leadGuest.phone}` : ''],
    ['Creator', it.creator],
    ['Total', money(it.total)],
    ['Created', when(it.createdAt)],
    ['Confirmed', when(it.confirmedAt)],
    [
      'Cancelled',
      it.cancellation
        ? `${when(it.cancellation.at)} by ${it.cancellation.by.userId} (${it.cancellation.by.role}, ${it.cancellation.reason})`
        : '',
    ],
    // The id and its link on lines of their own: together they pass a 100-column terminal.
    ['Trace', view.traceId ?? ''],
    ['Trace link', traceField(view.traceId)],
  ]);
  out.heading('Lines');
  out.table(
    ['HOTEL', 'ROOM', 'STAY', 'ROOMS', 'PRICE', 'GUESTS'],
    it.lineItems.flatMap((line) =>
      line.hotelBooking.rooms.map((room) => [
        line.hotelBooking.hotelName,
        `${room.roomType.name} · ${room.rateName}`,
        `${line.checkInDate} → ${line.checkOutDate}`,
        String(room.rooms),
        money(room.totalPrice),
        (room.guestNames ?? []).join(', '),
      ]),
    ),
    'No rooms.',
  );
  out.heading('Holds');
  out.table(
    ['HOLD', 'HOTEL', 'ROOMS', 'STATE', 'EXPIRES'],
    view.holds.map((h) => [
      h.holdId,
      `${h.hotelName} · ${h.roomTypeName}`,
      String(h.rooms),
      out.state(h.status),
      when(h.expiresAt),
    ]),
    'No holds.',
  );
  if (view.terms) {
    out.heading('Frozen cancellation terms');
    out.table(
      ['HOTEL', 'CHECK-IN', 'POLICY', 'CHARGES'],
      view.terms.lines.map((l) => [
        l.hotelName,
        l.checkInDate,
        l.policyText,
        l.charges.map((c) => `from ${when(c.from)}: ${money(c.amount)}`).join('\n') || 'none',
      ]),
    );
  }
  for (const invoice of view.invoices) printInvoice(ctx, invoice);
  out.heading('Events');
  out.table(
    ['AT', 'TYPE', 'TOPIC', 'EVENT'],
    view.events.map((e) => [when(e.recordedAt), e.event.type, e.topic, e.event.id]),
    'No events recorded.',
  );
  out.heading('Staff actions');
  out.table(
    ['AT', 'STAFF', 'ACTION', 'ON', 'REASON'],
    view.staffActions.map((a) => [when(a.at), a.staffId, a.action, a.on, a.reason ?? '']),
    'None.',
  );
}

/** The refund billing issues for a cancelled itinerary's paid invoice, once it is there (a few seconds at most). */
export async function waitForRefund(ctx: Context, invoiceId: string | undefined, timeoutMs = 15_000) {
  if (!invoiceId) return undefined;
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const payments = await ctx.client.call(endpoints.billing.invoicePayments, { params: { id: invoiceId } });
    if (payments.status === 'open' || payments.status === 'void') return undefined;
    const refund = payments.refunds.find((r) => r.reason !== 'goodwill');
    if (refund) return refund;
    await sleep(300);
  }
  return undefined;
}
