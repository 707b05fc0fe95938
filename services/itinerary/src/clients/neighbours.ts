// Calls to the catalog (room holds) and billing (invoices). Internal routes get this service's own
// identity (docs/identity.md, "Service identity"), never the traveller's token: the itinerary checked the
// traveller, and names the itinerary's owner where the neighbour keeps things per owner. A neighbour's refusal
// from the catalogue is passed on as it is; a neighbour that cannot be reached is a 503, never a stack.
import {
  HoldSchema,
  InvoicePaymentStateSchema,
  InvoiceSchema,
  type CreateInvoiceBody,
  type Hold,
  type Invoice,
  type InvoicePaymentState,
  type PlaceHoldBody,
} from '@travelclub/contracts';
import { callService, passOnError, ServiceCallError, type CausalContext, type ServiceIdentity } from '@travelclub/kit';

/** On whose behalf a hold call is made: the itinerary's owner (whoever asked, owner or staff). */
export interface OnBehalfOf {
  ownerId: string;
  ctx: CausalContext;
}

const notFound = (err: unknown) => err instanceof ServiceCallError && err.status === 404;

export function catalogClient(baseUrl: string, timeoutMs: number, identity: ServiceIdentity) {
  const url = (path: string) => new URL(path, baseUrl).toString();
  const serviceToken = () => identity.tokenFor('catalog');
  const holdUrl = (holdId: string, ownerId: string) =>
    url(`/internal/v1/holds/${encodeURIComponent(holdId)}?ownerId=${encodeURIComponent(ownerId)}`);
  return {
    async placeHold(body: PlaceHoldBody, { ownerId, ctx }: OnBehalfOf): Promise<Hold> {
      try {
        const hold = await callService<unknown>(url(`/internal/v1/holds?ownerId=${encodeURIComponent(ownerId)}`), {
          method: 'POST',
          body,
          ctx,
          serviceToken,
          timeoutMs,
        });
        return HoldSchema.parse(hold);
      } catch (err) {
        throw passOnError(err, 'catalog');
      }
    },

    /** The hold as the catalog has it now, or null when the owner has none by that id. */
    async hold(holdId: string, { ownerId, ctx }: OnBehalfOf): Promise<Hold | null> {
      try {
        return HoldSchema.parse(await callService<unknown>(holdUrl(holdId, ownerId), { ctx, serviceToken, timeoutMs }));
      } catch (err) {
        if (notFound(err)) return null;
        throw passOnError(err, 'catalog');
      }
    },

    async releaseHold(holdId: string, { ownerId, ctx }: OnBehalfOf): Promise<void> {
      await callService<unknown>(holdUrl(holdId, ownerId), { method: 'DELETE', ctx, serviceToken, timeoutMs });
    },
  };
}
export type CatalogClient = ReturnType<typeof catalogClient>;

export function billingClient(baseUrl: string, timeoutMs: number, identity: ServiceIdentity) {
  const serviceToken = () => identity.tokenFor('billing');
  return {
    /**
     * The invoice of this revision of the itinerary; billing answers the same one for the same revision, and
     * reads what it says (lines, prices, terms, owner) from this service, never from this call.
     */
    async createInvoice(body: CreateInvoiceBody, ctx: CausalContext): Promise<Invoice> {
      try {
        const invoice = await callService<unknown>(new URL('/internal/v1/invoices', baseUrl).toString(), {
          method: 'POST',
          body,
          ctx,
          serviceToken,
          timeoutMs,
        });
        return InvoiceSchema.parse(invoice);
      } catch (err) {
        throw passOnError(err, 'billing');
      }
    },

    /** Whether a payment of the invoice is unsettled, or the invoice paid (asked when a payment lock lapsed). */
    async paymentState(invoiceId: string, ctx: CausalContext): Promise<InvoicePaymentState> {
      const path = `/internal/v1/invoices/${encodeURIComponent(invoiceId)}/payment-state`;
      try {
        const state = await callService<unknown>(new URL(path, baseUrl).toString(), { ctx, serviceToken, timeoutMs });
        return InvoicePaymentStateSchema.parse(state);
      } catch (err) {
        throw passOnError(err, 'billing');
      }
    },
  };
}
export type BillingClient = ReturnType<typeof billingClient>;
