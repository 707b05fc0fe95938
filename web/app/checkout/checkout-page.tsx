// The frame of the three checkout pages: the page heading, the steps, and the step's content beside the order
// summary (one column on a phone, two from 900 px).
import type { Itinerary } from '@travelclub/contracts';
import type { ReactNode } from 'react';
import { ItineraryGate } from './itinerary-gate';
import { Stepper, type CheckoutStep } from './stepper';

export function CheckoutPage(props: {
  step: CheckoutStep;
  title: string;
  itineraryId: string;
  poll?: (itinerary: Itinerary | undefined) => number | false;
  children: (itinerary: Itinerary) => ReactNode;
}) {
  return (
    <ItineraryGate
      itineraryId={props.itineraryId}
      poll={props.poll}
      frame={(content) => (
        <div className="checkout">
          <h1>{props.title}</h1>
          <Stepper current={props.step} />
          {content}
        </div>
      )}
    >
      {props.children}
    </ItineraryGate>
  );
}

/** The step's own content and the summary beside it. */
export function CheckoutColumns({ main, summary }: { main: ReactNode; summary: ReactNode }) {
  return (
    <div className="checkout-columns">
      <div className="checkout-main stack">{main}</div>
      <div className="checkout-side">{summary}</div>
    </div>
  );
}
