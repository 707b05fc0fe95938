// The traveller's trips: every itinerary of theirs, read page by page (newest first) and shown in groups.
import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { todayStayDate } from '~/checkout/format';
import { Loading } from '~/checkout/itinerary-gate';
import { isSignedOut, messageOf } from '~/lib/api-errors';
import { SignInPrompt } from '~/checkout/sign-in-prompt';
import { tripsQuery } from '~/lib/queries';
import { useSession } from '~/lib/session';
import { Button, LinkButton } from '~/ui/button';
import { Callout } from '~/ui/callout';
import { groupTrips, type TripGroups } from './group-trips';
import { TripCard, type TripKind } from './trip-card';

const PAGE = 100;

const SECTIONS: { kind: TripKind; title: string; empty?: string }[] = [
  { kind: 'upcoming', title: 'Upcoming trips', empty: 'No upcoming trips yet.' },
  { kind: 'unfinished', title: 'Not booked yet' },
  { kind: 'past', title: 'Past trips', empty: 'No past trips.' },
  { kind: 'cancelled', title: 'Cancelled trips', empty: 'No cancelled trips.' },
];

function useTrips() {
  const { isAuthenticated } = useSession();
  return useInfiniteQuery({ ...tripsQuery(PAGE), enabled: isAuthenticated });
}

function TripSection({
  groups,
  kind,
  title,
  empty,
}: {
  groups: TripGroups;
  kind: TripKind;
  title: string;
  empty?: string;
}) {
  const trips = groups[kind];
  if (trips.length === 0 && !empty) return null;
  return (
    <section className="stack" aria-labelledby={`trips-${kind}`}>
      <h2 id={`trips-${kind}`}>{title}</h2>
      {trips.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <div className="trip-list">
          {trips.map((itinerary) => (
            <TripCard key={itinerary.id} itinerary={itinerary} kind={kind} />
          ))}
        </div>
      )}
    </section>
  );
}

export function TripsView() {
  const { isAuthenticated } = useSession();
  const query = useTrips();
  const groups = useMemo(
    () => groupTrips(query.data?.pages.flatMap((page) => page.itineraries) ?? [], todayStayDate()),
    [query.data],
  );
  if (!isAuthenticated || isSignedOut(query.error)) return <SignInPrompt what="your trips" />;
  if (query.error) return <Callout tone="error">{messageOf(query.error)}</Callout>;
  if (!query.data) return <Loading>Loading your trips…</Loading>;
  return (
    <div className="stack trips">
      {groups.upcoming.length === 0 ? (
        <p>
          <LinkButton to="/">Find a hotel</LinkButton>
        </p>
      ) : null}
      {SECTIONS.map((section) => (
        <TripSection key={section.kind} groups={groups} {...section} />
      ))}
      {query.hasNextPage ? (
        <Button variant="secondary" isPending={query.isFetchingNextPage} onPress={() => void query.fetchNextPage()}>
          Show older itineraries
        </Button>
      ) : null}
    </div>
  );
}
