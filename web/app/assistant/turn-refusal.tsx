// Why Taylor did not take a message, in the catalogue's words, above the message box (which has the text back).
// An unverified email is the one refusal the creator can fix from here: a button mails a new link.
import { useState } from 'react';
import { messageOf } from '~/lib/api-errors';
import { loadApi } from '~/lib/session';
import { Button } from '~/ui/button';
import { Callout } from '~/ui/callout';
import type { Refusal } from './use-turn';

export const SEND_LINK = 'Mail me a new link';
export const LINK_SENT = 'We mailed you a new link. Open it, then send your message again.';

function NewLinkButton() {
  const [state, setState] = useState<{ kind: 'idle' | 'sending' | 'sent' } | { kind: 'failed'; message: string }>({
    kind: 'idle',
  });
  async function send() {
    setState({ kind: 'sending' });
    try {
      const api = await loadApi();
      await api.call(api.endpoints.auth.requestEmailVerification, {});
      setState({ kind: 'sent' });
    } catch (err) {
      setState({ kind: 'failed', message: messageOf(err) });
    }
  }
  if (state.kind === 'sent') return <p role="status">{LINK_SENT}</p>;
  return (
    <>
      <Button variant="secondary" isDisabled={state.kind === 'sending'} onPress={() => void send()}>
        {SEND_LINK}
      </Button>
      {state.kind === 'failed' ? <p className="field-error">{state.message}</p> : null}
    </>
  );
}

export function TurnRefusal({ refusal }: { refusal: Refusal }) {
  return (
    <div className="chat-refusal">
      <Callout tone="error">{refusal.message}</Callout>
      {refusal.code === 'assistant-email-unverified' ? <NewLinkButton /> : null}
    </div>
  );
}
