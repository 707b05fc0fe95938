// One Idempotency-Key per payment attempt, so a double click or a retry never charges twice: the button is
// held while a payment is on its way (and a second press ignored), a retry of an attempt whose outcome is
// unknown (no answer, a 5xx, a payment still settling) sends the same key with the same card, and a new
// attempt (after a decline, or with other card details) gets a new key.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PaymentBody } from '@travelclub/contracts';
import { useRef } from 'react';
import { useNavigate } from 'react-router';
import { loadApi } from '~/lib/session';
import { cardBody, type CardValues } from './card-rules';
import { newIdempotencyKey, payInvoice } from './pay-invoice';
import { codeOf, statusOf } from '~/lib/api-errors';
import { invoiceQuery, itineraryQuery } from '~/lib/queries';

/** Whether a failed payment's outcome is still unknown: then only the same key may ask again. */
export function outcomeUnknown(err: unknown): boolean {
  const status = statusOf(err);
  return status === undefined || status === 0 || status >= 500 || codeOf(err) === 'payment-in-progress';
}

export function usePayment(invoiceId: string, itineraryId: string) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const attempt = useRef<{ key: string; card: string } | null>(null);
  const inFlight = useRef(false);
  const mutation = useMutation({
    mutationFn: async ({ body, key }: { body: PaymentBody; key: string }) =>
      payInvoice(await loadApi(), invoiceId, body, key),
    retry: false,
  });

  const done = () => {
    void queryClient.invalidateQueries({ queryKey: invoiceQuery(invoiceId).queryKey });
    void queryClient.invalidateQueries({ queryKey: itineraryQuery(itineraryId).queryKey });
    void navigate(`/itinerary/${itineraryId}/confirmation`);
  };

  function pay(values: CardValues) {
    // A second press while the first is on its way (a double click, before the button is disabled).
    if (inFlight.current) return;
    const body = { card: cardBody(values) };
    const card = JSON.stringify(body.card);
    if (attempt.current?.card !== card) attempt.current = { key: newIdempotencyKey(), card };
    inFlight.current = true;
    mutation.mutate(
      { body, key: attempt.current.key },
      {
        onSuccess: done,
        onError: (err) => {
          if (codeOf(err) === 'invoice-already-paid') return done();
          if (!outcomeUnknown(err)) attempt.current = null;
        },
        onSettled: () => {
          inFlight.current = false;
        },
      },
    );
  }

  return { pay, isPending: mutation.isPending, error: mutation.error, reset: mutation.reset };
}
