// The cancel page's content: the frozen cancellation terms, what cancelling now costs and gives back, a
// confirm dialog, then PUT cancel and the result with the refund.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CancellationTermsAnswer, Itinerary, Money } from '@travelclub/contracts';
import { useState } from 'react';
import { Loading } from '~/checkout/itinerary-gate';
import { messageOf } from '~/lib/api-errors';
import { TermsSummary } from '~/checkout/terms-summary';
import { cancellationTermsQuery, endpointKey, itineraryQuery } from '~/lib/queries';
import { loadApi } from '~/lib/session';
import { Button, LinkButton } from '~/ui/button';
import { Callout } from '~/ui/callout';
import { CancelDialog } from './cancel-dialog';
import { CancelMoney, cancelSentence } from './cancel-money';
import { CancelResult } from './cancel-result';

function useCancellation(itinerary: Itinerary) {
  const queryClient = useQueryClient();
  const terms = useQuery({ ...cancellationTermsQuery(itinerary.id), enabled: itinerary.status !== 'cancelled' });
  const cancel = useMutation({
    mutationFn: async () => {
      const api = await loadApi();
      return api.call(api.endpoints.itinerary.cancelItinerary, { params: { id: itinerary.id }, body: null });
    },
    onSuccess: (cancelled) => {
      queryClient.setQueryData(itineraryQuery(itinerary.id).queryKey, cancelled);
      void queryClient.invalidateQueries({ queryKey: endpointKey('itinerary', 'listItineraries') });
    },
  });
  return { terms, cancel };
}

type Cancel = ReturnType<typeof useCancellation>['cancel'];

function BeforeCancel(props: { answer: CancellationTermsAnswer; cancel: Cancel; onConfirm: () => void }) {
  const [open, setOpen] = useState(false);
  const { cancel, answer } = props;
  return (
    <div className="stack">
      <section className="card stack" aria-labelledby="cancel-money-title">
        <h2 id="cancel-money-title">If you cancel now</h2>
        <p>{cancelSentence(answer)}</p>
        <CancelMoney answer={answer} />
      </section>
      <section className="card stack" aria-labelledby="cancel-terms-title">
        <h2 id="cancel-terms-title">Cancellation terms</h2>
        <TermsSummary terms={answer.terms} />
      </section>
      {cancel.error ? <Callout tone="error">{messageOf(cancel.error)}</Callout> : null}
      <div className="actions">
        <Button onPress={() => setOpen(true)}>Cancel booking</Button>
        <LinkButton to="/user/trips" variant="secondary">
          Keep my booking
        </LinkButton>
      </div>
      <CancelDialog
        isOpen={open}
        onOpenChange={setOpen}
        answer={answer}
        isPending={cancel.isPending}
        onConfirm={() => {
          props.onConfirm();
          cancel.mutate(undefined, { onSettled: () => setOpen(false) });
        }}
      />
    </div>
  );
}

export function CancelStep({ itinerary }: { itinerary: Itinerary }) {
  const { terms, cancel } = useCancellation(itinerary);
  // The refund stated when the traveller confirmed: what they were told they get back.
  const [told, setTold] = useState<Money | null>(null);
  if (itinerary.status === 'cancelled') return <CancelResult itinerary={itinerary} expectedRefund={told} />;
  if (itinerary.status === 'expired')
    return <Callout tone="info">This itinerary expired before it was paid: there is nothing to cancel.</Callout>;
  if (terms.error) return <Callout tone="error">{messageOf(terms.error)}</Callout>;
  if (!terms.data) return <Loading>Loading the cancellation terms…</Loading>;
  const answer = terms.data;
  return <BeforeCancel answer={answer} cancel={cancel} onConfirm={() => setTold(answer.refundNow)} />;
}
