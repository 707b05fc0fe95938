// invoices show, payments list, refunds issue, payouts show: where a guest's money went, and giving some back.
import { endpoints, minorUnitDigits, type PayoutAnswer } from '@travelclub/contracts';
import type { Command } from 'commander';
import { act, examples, type Context } from '../context.js';
import { refused } from '../failure.js';
import { money, when } from '../output.js';
import { confirmChange } from '../prompts.js';
import { printPayments, printRefunds } from './itinerary-view.js';
import { minorUnits, reasonText } from './options.js';

async function showInvoice(ctx: Context, id: string) {
  const { out } = ctx;
  const [invoice, payments] = await Promise.all([
    ctx.client.call(endpoints.billing.invoice, { params: { id } }),
    ctx.client.call(endpoints.billing.invoicePayments, { params: { id } }),
  ]);
  out.result(
    {
      ...invoice,
      payments: payments.payments,
      refunds: payments.refunds,
      refunded: payments.refunded,
      refundable: payments.refundable,
    },
    (v) => {
      out.fields([
        ['Invoice', v.id],
        ['Status', out.state(v.status)],
        ['Itinerary', v.itineraryId],
        ['Owner', v.ownerId],
        ['Creator', v.creator],
        ['Created', when(v.createdAt)],
        ['Total', out.colors.bold(money(v.total))],
        [
          'Paid',
          v.payment
            ? `${money(v.payment.amount)} on ${when(v.payment.paidAt)} (${v.payment.card.brand} ····${v.payment.card.last4})`
            : '',
        ],
        ['Refunded', money(v.refunded)],
        ['Refundable', money(v.refundable)],
      ]);
      out.heading('Lines');
      out.table(
        ['HOTEL', 'ROOM', 'STAY', 'ROOMS', 'AMOUNT'],
        v.lines.map((l) => [
          l.hotelName,
          `${l.roomTypeName} · ${l.rateName}`,
          `${l.checkInDate} → ${l.checkOutDate}`,
          String(l.rooms),
          money(l.amount),
        ]),
      );
      out.heading('Refunds');
      printRefunds(ctx, v.refunds);
    },
  );
}

async function listPayments(ctx: Context, options: { invoice: string }) {
  const payments = await ctx.client.call(endpoints.billing.invoicePayments, { params: { id: options.invoice } });
  ctx.out.result(payments, (p) => printPayments(ctx, p.payments));
}

async function issueRefund(
  ctx: Context,
  invoiceId: string,
  options: { amount: string; reason: string; yes?: boolean },
) {
  const { out } = ctx;
  const payments = await ctx.client.call(endpoints.billing.invoicePayments, { params: { id: invoiceId } });
  const currency = payments.total.currency;
  const amount = { amount: minorUnits(options.amount, minorUnitDigits(currency)), currency };
  // Said here before asking; the service refuses it all the same if another refund takes the rest meanwhile.
  if (payments.paid && amount.amount > payments.refundable.amount)
    throw refused(`A refund cannot be more than what is left of the payment: ${money(payments.refundable)} is left`);
  if (!out.json)
    out.fields([
      ['Invoice', invoiceId],
      ['Paid', money(payments.paid)],
      ['Refunded so far', money(payments.refunded)],
      ['Refund now', out.colors.bold(money(amount))],
      ['Reason', options.reason],
    ]);
  // An invoice not paid is the platform's to refuse (invoice-not-paid): nothing to confirm.
  if (payments.paid)
    await confirmChange(`Refund ${money(amount)} of invoice ${invoiceId} to the guest's card?`, options.yes);
  const answer = await ctx.client.call(endpoints.billing.issueRefund, {
    params: { id: invoiceId },
    body: { amount: amount.amount, reason: options.reason },
  });
  out.result(answer, (a) =>
    out.done(`Refunded ${money(a.refund.amount)} (${a.refund.id}), recorded as your staff action.`),
  );
}

function printPayout(ctx: Context, payout: PayoutAnswer) {
  const { out } = ctx;
  out.fields([
    ['Creator', payout.creator],
    ['Commission', `${Math.round(payout.commissionRate * 1000) / 10}%`],
  ]);
  out.heading('Balances');
  out.table(
    ['CURRENCY', 'PAYABLE', 'PENDING', 'PAID OUT'],
    payout.balances.map((b) => [
      b.currency,
      money({ amount: b.balance, currency: b.currency }),
      money({ amount: b.pending, currency: b.currency }),
      money({ amount: b.paid, currency: b.currency }),
    ]),
    'No balances.',
  );
  out.heading('Entries');
  out.table(
    ['AT', 'KIND', 'AMOUNT', 'INVOICE', 'ITINERARY', 'AVAILABLE FROM'],
    payout.entries.map((e) => [when(e.at), e.kind, money(e.amount), e.invoiceId, e.itineraryId, e.availableFrom]),
    'No entries.',
  );
}

export function moneyCommands(program: Command) {
  const invoices = program.command('invoices').alias('invoice').description("guests' invoices");
  examples(
    act(
      invoices.command('show').description('an invoice, its lines, payment and refunds').argument('<id>'),
      showInvoice,
    ),
    ['travelclub invoices show inv_3f9a2c', 'travelclub invoices show inv_3f9a2c --json'],
  );
  const payments = program.command('payments').alias('payment').description('card payments');
  examples(
    act(
      payments
        .command('list')
        .description('every payment attempt of an invoice, declines included')
        .requiredOption('--invoice <id>', 'the invoice'),
      listPayments,
    ),
    ['travelclub payments list --invoice inv_3f9a2c'],
  );
  const refunds = program.command('refunds').alias('refund').description('money given back');
  examples(
    act(
      refunds
        .command('issue')
        .description("give back part of a paid invoice's payment (never more than is left); asks to confirm")
        .argument('<invoice>')
        .requiredOption('--amount <amount>', "in the invoice's currency, like 25.00")
        .requiredOption('--reason <text>', 'why (kept with your staff id)', reasonText)
        .option('-y, --yes', 'do not ask to confirm'),
      issueRefund,
    ),
    ['travelclub refunds issue inv_3f9a2c --amount 25.00 --reason "breakfast was not served"'],
  );
  const payouts = program.command('payouts').alias('payout').description("creators' commissions");
  examples(
    act(
      payouts
        .command('show')
        .description("a creator's payout: balances and ledger entries")
        .argument('<creator>', 'the club slug'),
      async (ctx, creator: string) => {
        const payout = await ctx.client.call(endpoints.billing.creatorPayout, { params: { creator } });
        ctx.out.result(payout, (p) => printPayout(ctx, p));
      },
    ),
    ['travelclub payouts show lisbon-lena', 'travelclub payouts show lisbon-lena --json'],
  );
}
