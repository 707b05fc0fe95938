// The states every figure of the creator's own pages goes through before it can be shown: signed out (a way
// to sign in that comes back here), a failed read (its message and a way to try again), loading, and the data.
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Loading } from '~/checkout/itinerary-gate';
import { isSignedOut, messageOf } from '~/lib/api-errors';
import { SignInPrompt } from '~/checkout/sign-in-prompt';
import { useSession } from '~/lib/session';
import { Button } from '~/ui/button';
import { Callout } from '~/ui/callout';

export const TRY_AGAIN = 'Try again';

export function QueryState<T>(props: {
  query: UseQueryResult<T, unknown>;
  /** What the figures are, for the sign-in prompt: "your analytics". */
  what: string;
  loading: string;
  children: (data: T) => ReactNode;
}) {
  const { isAuthenticated } = useSession();
  const { query } = props;
  if (!isAuthenticated || isSignedOut(query.error)) return <SignInPrompt what={props.what} />;
  if (query.data !== undefined) return <>{props.children(query.data)}</>;
  if (query.error) {
    return (
      <div className="stack">
        <Callout tone="error">{messageOf(query.error)}</Callout>
        <Button variant="secondary" onPress={() => void query.refetch()}>
          {TRY_AGAIN}
        </Button>
      </div>
    );
  }
  return <Loading>{props.loading}</Loading>;
}
