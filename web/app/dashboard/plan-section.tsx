// Settings' plan and billing: where the creator's paid plan stands (billing's answer) and the one way on from
// there. Checkout and the billing portal are billing's hosted pages: the browser is sent to the address a call
// answers, and comes back here.
import { useQueryClient } from '@tanstack/react-query';
import type { CreatorPlan } from '@travelclub/contracts';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { messageOf } from '~/lib/api-errors';
import { loadApi } from '~/lib/session';
import { Button } from '~/ui/button';
import { Callout } from '~/ui/callout';
import { leaveFor } from './leave-site';
import { actionLabel, CHECKOUT_CANCELLED, planView, PLAN_STARTED, type PlanAction } from './plan-copy';
import { creatorPlanQuery } from '~/lib/queries';
import { useCreatorPlan } from './queries';
import { LoadError, Loading } from './status';

const HERE = '/dashboard/settings';

/** The hosted page to go to for an action: checkout (a new plan, or the unpaid one again) or the portal. */
async function hostedPage(action: PlanAction, plan: CreatorPlan | null): Promise<string> {
  const api = await loadApi();
  if (action === 'manage') {
    return (await api.call(api.endpoints.billing.manageCreatorPlan, { body: { returnUrl: HERE } })).portalUrl;
  }
  const body = {
    returnUrl: `${HERE}?plan=started`,
    cancelUrl: `${HERE}?plan=cancelled`,
    ...(action === 'finish' && plan ? { subscriptionId: plan.id } : {}),
  };
  return (await api.call(api.endpoints.billing.startCreatorPlan, { body })).checkoutUrl;
}

function ReturnNote() {
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const back = params.get('plan');
  // Back from checkout: the plan changed elsewhere, so it is read again.
  useEffect(() => {
    if (back === 'started') void queryClient.invalidateQueries({ queryKey: creatorPlanQuery().queryKey });
  }, [back, queryClient]);
  if (back === 'started') return <Callout tone="success">{PLAN_STARTED}</Callout>;
  if (back === 'cancelled') return <Callout tone="info">{CHECKOUT_CANCELLED}</Callout>;
  return null;
}

export function PlanSection() {
  const plan = useCreatorPlan();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function go(action: PlanAction) {
    setPending(true);
    setError(null);
    try {
      leaveFor(await hostedPage(action, plan.data ?? null));
    } catch (err) {
      setError(messageOf(err));
      setPending(false);
    }
  }

  return (
    <section id="plan" className="dash-card stack" aria-labelledby="plan-title">
      <h2 id="plan-title">Plan and billing</h2>
      <ReturnNote />
      {plan.isPending ? (
        <Loading text="Loading your plan…" />
      ) : plan.isError ? (
        <LoadError error={plan.error} retry={() => void plan.refetch()} />
      ) : (
        <PlanState plan={plan.data} pending={pending} onAction={(action) => void go(action)} />
      )}
      {error ? <Callout tone="error">{error}</Callout> : null}
    </section>
  );
}

function PlanState(props: { plan: CreatorPlan | null; pending: boolean; onAction: (action: PlanAction) => void }) {
  const view = planView(props.plan);
  return (
    <>
      <p className="dash-plan-summary">{view.summary}</p>
      {view.warning ? <p className="dash-warning">{view.warning}</p> : null}
      {view.details.map((line) => (
        <p key={line} className="muted">
          {line}
        </p>
      ))}
      <Button
        variant={view.action === 'manage' ? 'secondary' : 'primary'}
        isPending={props.pending}
        onPress={() => props.onAction(view.action)}
      >
        {actionLabel(view.action)}
      </Button>
    </>
  );
}
