// Every page about one itinerary (checkout, cancel) goes through this gate: signed-out visitors get the
// sign-in prompt, an itinerary the API does not know (or that is not theirs: 404) the 'Itinerary not found'
// page, a failed read its message and a retry; otherwise the page's content with the itinerary.
import type { Itinerary } from '@travelclub/contracts';
import { useEffect, type ReactNode } from 'react';
import { PRODUCT } from '~/lib/brand';
import { useSession } from '~/lib/session';
import { NotFound } from '~/ui/not-found';
import { Button } from '~/ui/button';
import { Callout } from '~/ui/callout';
import { isNotFound, isSignedOut, messageOf } from '~/lib/api-errors';
import { useItinerary } from './queries';
import { SignInPrompt } from './sign-in-prompt';

export const ITINERARY_NOT_FOUND = 'Itinerary not found';

/**
 * The window's title once the browser learned what the server could not (the page's own meta stays until the
 * next navigation): the itinerary is not there, or the booking is confirmed. Null leaves the title alone.
 */
export function useDocumentTitle(title: string | null) {
  useEffect(() => {
    if (title) document.title = `${title} · ${PRODUCT}`;
  }, [title]);
}

function ItineraryNotFound() {
  useDocumentTitle(ITINERARY_NOT_FOUND);
  return <NotFound title={ITINERARY_NOT_FOUND} />;
}

export function Loading({ children }: { children: ReactNode }) {
  return (
    <p className="loading" role="status">
      <span className="spinner" aria-hidden="true" /> {children}
    </p>
  );
}

export function ItineraryGate(props: {
  itineraryId: string;
  /** How often to read the itinerary again while it is shown (the confirmation waits this way). */
  poll?: (itinerary: Itinerary | undefined) => number | false;
  /** The page around the content (its heading, its steps), shown in every state but not-found. */
  frame: (content: ReactNode) => ReactNode;
  children: (itinerary: Itinerary) => ReactNode;
}) {
  const { isAuthenticated } = useSession();
  const query = useItinerary(props.itineraryId, props.poll);
  if (!isAuthenticated || isSignedOut(query.error)) return props.frame(<SignInPrompt what="this itinerary" />);
  if (isNotFound(query.error)) return <ItineraryNotFound />;
  if (query.data) return props.frame(props.children(query.data));
  if (query.error) {
    return props.frame(
      <div className="stack">
        <Callout tone="error">{messageOf(query.error)}</Callout>
        <Button variant="secondary" onPress={() => void query.refetch()}>
          Try again
        </Button>
      </div>,
    );
  }
  return props.frame(<Loading>Loading your itinerary…</Loading>);
}
