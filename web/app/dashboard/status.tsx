// How a dashboard page says it is loading, or that its data could not be read (with a way to try again).
import { messageOf } from '~/lib/api-errors';
import { Button } from '~/ui/button';
import { Callout } from '~/ui/callout';

export function Loading({ text = 'Loading…' }: { text?: string }) {
  return (
    <p className="dash-loading" role="status">
      <span className="spinner" aria-hidden="true" />
      {text}
    </p>
  );
}

export function LoadError({ error, retry }: { error: unknown; retry: () => void }) {
  return (
    <div className="stack">
      <Callout tone="error">{messageOf(error)}</Callout>
      <Button variant="secondary" onPress={retry}>
        Try again
      </Button>
    </div>
  );
}
