// An itinerary that checkout cannot take any further (already paid, cancelled, expired, or empty), said in
// plain words with the way on.
import type { Itinerary } from '@travelclub/contracts';
import { LinkButton } from '~/ui/button';
import { Callout } from '~/ui/callout';
import { bookedLines } from './order-summary';

export type NotPayableReason = 'confirmed' | 'cancelled' | 'expired' | 'empty';

export function notPayableReason(itinerary: Itinerary): NotPayableReason | null {
  if (itinerary.status === 'confirmed' || itinerary.status === 'cancelled' || itinerary.status === 'expired')
    return itinerary.status;
  return bookedLines(itinerary).length === 0 ? 'empty' : null;
}

const TEXTS: Record<NotPayableReason, { tone: 'info' | 'error'; text: string }> = {
  confirmed: { tone: 'info', text: 'This booking is already paid and confirmed.' },
  cancelled: { tone: 'info', text: 'This itinerary was cancelled, so it can no longer be paid.' },
  expired: {
    tone: 'error',
    text: 'Your rooms were held for a limited time and the hold has expired, so this itinerary can no longer be paid. Nothing has been charged.',
  },
  empty: { tone: 'info', text: 'Your itinerary has no rooms yet.' },
};

export function NotPayable({ itinerary, reason }: { itinerary: Itinerary; reason: NotPayableReason }) {
  const { tone, text } = TEXTS[reason];
  return (
    <div className="stack">
      <Callout tone={tone}>{text}</Callout>
      <div className="actions">
        {reason === 'confirmed' ? (
          <LinkButton to={`/itinerary/${itinerary.id}/confirmation`}>See your booking</LinkButton>
        ) : reason === 'cancelled' ? (
          <LinkButton to="/user/trips">Your trips</LinkButton>
        ) : (
          <LinkButton to="/">Find a room</LinkButton>
        )}
      </div>
    </div>
  );
}
