// The contact page's content: the sign-up step for an anonymous visitor, then the guest details form; saving it
// runs the pre-check and makes the invoice, then the payment page follows. Problems are shown where they arose.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Itinerary, SetGuestDetailsBody } from '@travelclub/contracts';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { loadApi, useSession } from '~/lib/session';
import { Callout } from '~/ui/callout';
import { CheckoutColumns } from './checkout-page';
import { cartFollows, continueToPayment } from './contact-steps';
import { GuestForm } from './guest-form';
import { bookedLines, OrderSummary } from './order-summary';
import { PreCheckProblems } from './pre-check-problems';
import { SignUpStep } from './sign-up-step';
import { messageOf } from '~/lib/api-errors';
import { itineraryQuery } from '~/lib/queries';
import { NotPayable, notPayableReason } from './not-payable';

export function ContactStep({ itinerary }: { itinerary: Itinerary }) {
  const { isMember } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [problemsOf, setProblemsOf] = useState<Awaited<ReturnType<typeof continueToPayment>> | null>(null);
  const mutation = useMutation({
    mutationFn: async (body: SetGuestDetailsBody) => continueToPayment(await loadApi(), itinerary.id, body),
    onSuccess: (outcome) => {
      setProblemsOf(outcome);
      if (outcome.kind !== 'invoiced') return;
      queryClient.setQueryData(itineraryQuery(itinerary.id).queryKey, outcome.itinerary);
      void navigate(`/itinerary/${itinerary.id}/payment`);
    },
  });
  // Signed in to an account they had: the rooms come along a moment later (see cartFollows).
  const [following, setFollowing] = useState(false);
  const signedIn = async () => {
    setFollowing(true);
    try {
      await cartFollows(await loadApi(), itinerary.id);
    } finally {
      setFollowing(false);
      void queryClient.invalidateQueries({ queryKey: itineraryQuery(itinerary.id).queryKey });
    }
  };
  const preCheck = problemsOf?.kind === 'problems' ? problemsOf.preCheck : null;
  const reason = notPayableReason(itinerary);

  let main;
  if (reason) main = <NotPayable itinerary={itinerary} reason={reason} />;
  else if (following)
    main = (
      <p className="card" role="status">
        Bringing your rooms into your account…
      </p>
    );
  else if (!isMember) main = <SignUpStep onSignedIn={() => void signedIn()} />;
  else
    main = (
      <>
        {preCheck ? <PreCheckProblems preCheck={preCheck} itinerary={itinerary} /> : null}
        {mutation.error ? <Callout tone="error">{messageOf(mutation.error)}</Callout> : null}
        <GuestForm itinerary={itinerary} isPending={mutation.isPending} onSubmit={(body) => mutation.mutate(body)} />
      </>
    );
  return (
    <CheckoutColumns
      main={main}
      summary={bookedLines(itinerary).length > 0 ? <OrderSummary itinerary={itinerary} preCheck={preCheck} /> : null}
    />
  );
}
