// Calls to the catalog (searches, room holds) and billing (invoices) on the traveller's behalf, with their
// own token. A neighbour's refusal from the catalogue is passed on as it is; a neighbour that cannot be
// reached is a 503, never a stack.
import {
  errorCatalogue,
  HoldSchema,
  InvoiceSchema,
  SearchPageSchema,
  type CreateInvoiceBody,
  type ErrorCode,
  type ErrorDetail,
  type Hold,
  type Invoice,
  type PlaceHoldBody,
  type SearchPage,
} from '@travelclub/contracts';
import { AppError, callService, ServiceCallError, type CausalContext } from '@travelclub/kit';

export interface CallerContext {
  ctx: CausalContext;
  token: string;
}

interface Envelope {
  error?: { code?: unknown; details?: unknown };
}

const knownCode = (code: unknown): code is ErrorCode => typeof code === 'string' && code in errorCatalogue;

/** A neighbour's 4xx with a catalogue code, as that code (and its details); anything else, unavailable. */
export function passOn(err: unknown, service: string): AppError {
  if (err instanceof ServiceCallError && err.status !== undefined && err.status < 500) {
    const envelope = (err.body ?? {}) as Envelope;
    const code = envelope.error?.code;
    if (knownCode(code)) {
      const details = Array.isArray(envelope.error?.details) ? (envelope.error.details as ErrorDetail[]) : undefined;
      return new AppError(code, details, { cause: err });
    }
  }
  return new AppError('service-unavailable', undefined, {
    cause: new Error(`${service}: ${(err as Error).message}`, { cause: err }),
  });
}

const notFound = (err: unknown) => err instanceof ServiceCallError && err.status === 404;

export function catalogClient(baseUrl: string, timeoutMs: number) {
  const url = (path: string) => new URL(path, baseUrl).toString();
  return {
    /** The stored search, or null when the catalog has none by that id. */
    async search(searchId: string, { ctx, token }: CallerContext): Promise<SearchPage | null> {
      try {
        const page = await callService<unknown>(url(`/api/v1/hotel/search/${encodeURIComponent(searchId)}?take=1`), {
          ctx,
          token,
          timeoutMs,
        });
        return SearchPageSchema.parse(page);
      } catch (err) {
        if (notFound(err)) return null;
        throw passOn(err, 'catalog');
      }
    },

    async placeHold(body: PlaceHoldBody, { ctx, token }: CallerContext): Promise<Hold> {
      try {
        const hold = await callService<unknown>(url('/internal/v1/holds'), {
          method: 'POST',
          body,
          ctx,
          token,
          timeoutMs,
        });
        return HoldSchema.parse(hold);
      } catch (err) {
        throw passOn(err, 'catalog');
      }
    },

    /** The hold as the catalog has it now, or null when it has none by that id. */
    async hold(holdId: string, { ctx, token }: CallerContext): Promise<Hold | null> {
      try {
        return HoldSchema.parse(
          await callService<unknown>(url(`/internal/v1/holds/${encodeURIComponent(holdId)}`), {
            ctx,
            token,
            timeoutMs,
          }),
        );
      } catch (err) {
        if (notFound(err)) return null;
        throw passOn(err, 'catalog');
      }
    },

    async releaseHold(holdId: string, { ctx, token }: CallerContext): Promise<void> {
      await callService<unknown>(url(`/internal/v1/holds/${encodeURIComponent(holdId)}`), {
        method: 'DELETE',
        ctx,
        token,
        timeoutMs,
      });
    },
  };
}
export type CatalogClient = ReturnType<typeof catalogClient>;

export function billingClient(baseUrl: string, timeoutMs: number) {
  return {
    /** The invoice of this revision of the itinerary; billing answers the same one for the same revision. */
    async createInvoice(body: CreateInvoiceBody, { ctx, token }: CallerContext): Promise<Invoice> {
      try {
        const invoice = await callService<unknown>(new URL('/internal/v1/invoices', baseUrl).toString(), {
          method: 'POST',
          body,
          ctx,
          token,
          timeoutMs,
        });
        return InvoiceSchema.parse(invoice);
      } catch (err) {
        throw passOn(err, 'billing');
      }
    },
  };
}
export type BillingClient = ReturnType<typeof billingClient>;
