// "Become a creator" (spec section 6: the creator role can be added after sign-in): the role is asked for,
// and the new tokens it answers (which carry the role) become this browser's, so the session says creator and
// the gate opens the dashboard at once, with no sign-in again.
import { useState } from 'react';
import { messageOf } from '~/lib/api-errors';
import { loadApi } from '~/lib/session';
import { Button, LinkButton } from '~/ui/button';
import { Callout } from '~/ui/callout';

export const BECOME_CREATOR_PITCH =
  'Start your own travel club: one link for your bio with the stays you love and packages your followers can book, and a share of every booking.';

async function becomeCreator(): Promise<void> {
  const api = await loadApi();
  const answer = await api.call(api.endpoints.auth.changeRole, { body: { role: 'creator' } });
  await api.adopt(answer);
}

export function BecomeCreator() {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function press() {
    setPending(true);
    setError(null);
    try {
      await becomeCreator();
    } catch (err) {
      setError(messageOf(err));
      setPending(false);
    }
  }

  return (
    <div className="stack">
      <p>{BECOME_CREATOR_PITCH}</p>
      {error ? <Callout tone="error">{error}</Callout> : null}
      <div className="dash-actions">
        <Button isPending={pending} onPress={() => void press()}>
          Become a creator
        </Button>
        <LinkButton variant="secondary" to="/">
          Go Back To Home
        </LinkButton>
      </div>
    </div>
  );
}
