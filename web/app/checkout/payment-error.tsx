// A failed payment in plain words: a declined card (the API's own message) with what to do next; an answer
// that never came, said honestly (pressing Pay again cannot charge twice); anything else as the API says it.
import { Link } from 'react-router';
import { Callout } from '~/ui/callout';
import { codeOf, messageOf, statusOf } from '~/lib/api-errors';
import { outcomeUnknown } from './use-payment';

/** Refusals after which this invoice cannot be paid: the guest details step makes a fresh one. */
const START_AGAIN = new Set(['invoice-outdated', 'invoice-void', 'hold-expired']);

export function PaymentError({ error, itineraryId }: { error: unknown; itineraryId: string }) {
  const code = codeOf(error);
  if (statusOf(error) === 402) {
    return (
      <Callout tone="error">
        {messageOf(error)} Nothing was charged. Check the card details and try again, or use another card.
      </Callout>
    );
  }
  if (outcomeUnknown(error) && code !== 'payment-in-progress') {
    return (
      <Callout tone="error">
        We could not get an answer about your payment. Please press Pay again: you will not be charged twice.
      </Callout>
    );
  }
  return (
    <Callout tone="error">
      {messageOf(error)}
      {code && START_AGAIN.has(code) ? (
        <>
          {' '}
          <Link to={`/itinerary/${itineraryId}/contact`}>Review your itinerary</Link>
        </>
      ) : null}
    </Callout>
  );
}
