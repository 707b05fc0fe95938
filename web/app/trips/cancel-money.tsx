// What cancelling now costs and gives back, stated before the traveller confirms (the frozen terms' answer).
import type { CancellationTermsAnswer } from '@travelclub/contracts';
import { formatMoney } from '~/checkout/format';

/** The sentence said before cancelling, and again in the dialog. */
export function cancelSentence(answer: CancellationTermsAnswer): string {
  const { chargeNow, refundNow, refundedBefore } = answer;
  if (refundedBefore) {
    const rest = refundNow.amount > 0 ? `you get the ${formatMoney(refundNow)} left back` : 'nothing more is refunded';
    const cost = chargeNow.amount > 0 ? `costs ${formatMoney(chargeNow)}, and ` : 'is free: ';
    return `We refunded ${formatMoney(refundedBefore)} of this booking already. Cancelling now ${cost}${rest}.`;
  }
  if (chargeNow.amount === 0 && refundNow.amount === 0)
    return 'Nothing has been paid for this itinerary, so cancelling costs nothing and there is nothing to refund.';
  if (chargeNow.amount === 0) return `Cancelling now is free: you get the full ${formatMoney(refundNow)} back.`;
  if (refundNow.amount === 0)
    return `Cancelling now costs the full ${formatMoney(chargeNow)} under the hotel's terms: nothing is refunded.`;
  return `Cancelling now costs ${formatMoney(chargeNow)} under the hotel's terms. You get ${formatMoney(refundNow)} back.`;
}

export function CancelMoney({ answer }: { answer: CancellationTermsAnswer }) {
  return (
    <dl className="money-box" aria-label="Cancellation charge and refund">
      <dt>Cancellation charge</dt>
      <dd>{formatMoney(answer.chargeNow)}</dd>
      {answer.refundedBefore ? (
        <>
          <dt>Refunded already</dt>
          <dd>{formatMoney(answer.refundedBefore)}</dd>
        </>
      ) : null}
      <dt>Refund to your card</dt>
      <dd>{formatMoney(answer.refundNow)}</dd>
    </dl>
  );
}
