// Taylor's tools over the creator's own club and money: recommendations, packages, the club's counters for a
// period and the income balances. Each reads with the creator's token, so it can only ever be their own.
import { formatMoney, type AssistantToolArgs } from '@travelclub/contracts';
import type { CreatorPlatform } from '../clients/platform.js';
import { formatAmounts, formatStay, plural } from '../domain/format.js';
import type { ToolResult } from '../engines/engine.js';

export function creatorTools(platform: CreatorPlatform) {
  return {
    async my_recommendations(_args: AssistantToolArgs<'my_recommendations'>): Promise<ToolResult> {
      const { recommendations } = await platform.recommendations();
      const list = recommendations.map((r) => ({
        hotelId: r.hotelId,
        title: r.recommendationTitle,
        shown: r.isActive,
      }));
      return {
        ok: true,
        summary: `Read your ${plural(list.length, 'recommended stay')}`,
        data: { recommendations: list },
        links: [{ kind: 'page', label: 'Your recommended stays', href: '/dashboard/manage-stays' }],
      };
    },

    async my_packages(_args: AssistantToolArgs<'my_packages'>): Promise<ToolResult> {
      const { packages } = await platform.packages();
      const list = packages.map((p) => ({
        id: p.id,
        title: p.title,
        status: p.status,
        nights: p.nights,
        pricePerPerson: p.pricing.kind === 'perPerson' ? formatMoney(p.pricing.price) : null,
      }));
      return {
        ok: true,
        summary: `Read your ${plural(list.length, 'package')}`,
        data: { packages: list },
        links: [{ kind: 'page', label: 'Your packages', href: '/dashboard/manage-itineraries' }],
      };
    },

    async my_numbers({ from, to }: AssistantToolArgs<'my_numbers'>): Promise<ToolResult> {
      const { totals, from: first, to: last } = await platform.counters(from, to);
      const data = {
        from: first,
        to: last,
        pageViews: totals.pageViews,
        uniqueVisitors: totals.uniqueVisitors,
        newSubscribers: totals.subscribers,
        searches: totals.searches,
        itinerariesStarted: totals.itinerariesStarted,
        bookings: totals.bookings,
        cancellations: totals.cancellations,
        bookingValue: formatAmounts(totals.grossBookingValue),
        commission: formatAmounts(totals.commission),
        commissionReversed: formatAmounts(totals.commissionReversed),
      };
      return {
        ok: true,
        summary: `Read your numbers, ${formatStay(first, last).replace(/ \(.*\)$/, '')}`,
        data,
        links: [{ kind: 'page', label: 'Your analytics', href: '/dashboard/analytics' }],
      };
    },

    async my_income(_args: AssistantToolArgs<'my_income'>): Promise<ToolResult> {
      const payout = await platform.income();
      const balances = payout.balances.map((b) => ({
        currency: b.currency,
        payable: formatMoney({ amount: b.balance, currency: b.currency }),
        pending: formatMoney({ amount: b.pending, currency: b.currency }),
        paidOut: formatMoney({ amount: b.paid, currency: b.currency }),
      }));
      return {
        ok: true,
        summary: 'Read your income',
        data: { commissionRate: payout.commissionRate, balances },
        links: [{ kind: 'page', label: 'Your income', href: '/dashboard/income' }],
      };
    },
  };
}
