// One card payment of an invoice, with its Idempotency-Key header. The browser API module's `call` takes no
// per-call headers, so this one call is made here with fetch, on the module's token and endpoint definition,
// and its answer is read the same way: parsed by the endpoint's schema, a refusal as the module's ApiError.
import type { PaymentAnswer, PaymentBody } from '@travelclub/contracts';
import type { BrowserApi } from '~/lib/session';

/** The header billing reads the key from (contracts' IDEMPOTENCY_KEY_HEADER). */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

/** A fresh key for a new payment attempt (randomUUID needs a secure context; 127.0.0.1 and https are). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

interface Envelope {
  error?: { code?: unknown; message?: unknown };
}

export async function payInvoice(
  api: BrowserApi,
  invoiceId: string,
  body: PaymentBody,
  idempotencyKey: string,
): Promise<PaymentAnswer> {
  const e = api.endpoints.billing.payInvoice;
  const token = await api.accessToken();
  let res: Response;
  let answer: unknown;
  try {
    res = await fetch(e.path.replace(':id', encodeURIComponent(invoiceId)), {
      method: 'POST',
      headers: {
        accept: 'application/json',
        'content-type': 'application/json',
        [IDEMPOTENCY_KEY_HEADER]: idempotencyKey,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
      credentials: 'same-origin',
    });
    answer = await res.json().catch(() => undefined);
  } catch (err) {
    // No answer: the charge may or may not have been made; the same key asks again without charging twice.
    throw new api.ApiError(0, undefined, `POST ${e.path} failed: ${(err as Error).message}`, undefined, { cause: err });
  }
  if (!res.ok) {
    const error = (answer as Envelope | undefined)?.error;
    const code = typeof error?.code === 'string' ? error.code : undefined;
    const message = typeof error?.message === 'string' ? error.message : `The server answered ${res.status}`;
    throw new api.ApiError(res.status, code as ConstructorParameters<BrowserApi['ApiError']>[1], message);
  }
  const parsed = e.responses[200].safeParse(answer);
  if (!parsed.success) throw new api.ApiError(res.status, undefined, 'The payment answer is not its shape');
  return parsed.data;
}
