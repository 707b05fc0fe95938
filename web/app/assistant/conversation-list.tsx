// The creator's conversations with Taylor, newest first: open one, start a new one, or delete one after a
// confirmation. On a phone the list folds behind a disclosure button above the chat; from 960 px it is a column
// beside it (the same list in the DOM, CSS decides).
import { useQueryClient } from '@tanstack/react-query';
import type { ConversationSummary } from '@travelclub/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { messageOf } from '~/lib/api-errors';
import { Button, LinkButton } from '~/ui/button';
import { Callout } from '~/ui/callout';
import { Modal } from '~/ui/modal';
import { deleteConversation, useConversations } from './queries';

export const CHAT = '/dashboard/chat';
export const LIST_TITLE = 'Your conversations';
export const NEW_CONVERSATION = 'New conversation';
export const chatUrl = (id: string) => `${CHAT}?conversation=${encodeURIComponent(id)}`;

const dayFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });

function ConfirmDelete(props: { conversation: ConversationSummary; onDeleted: () => void; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [deleting, setDeleting] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  async function confirm() {
    setDeleting(true);
    try {
      await deleteConversation(queryClient, props.conversation.id);
      props.onDeleted();
      props.onClose();
    } catch (err) {
      setProblem(messageOf(err));
      setDeleting(false);
    }
  }
  return (
    <Modal isOpen onOpenChange={(open) => (open ? undefined : props.onClose())} title="Delete this conversation?">
      <div className="stack">
        <p>
          “{props.conversation.title}” and its messages will be deleted. Drafts Taylor saved in it stay in your drafts.
        </p>
        {problem ? <Callout tone="error">{problem}</Callout> : null}
        <div className="dash-actions">
          <Button isPending={deleting} onPress={() => void confirm()}>
            Delete conversation
          </Button>
          <Button variant="secondary" onPress={props.onClose}>
            Keep it
          </Button>
        </div>
      </div>
    </Modal>
  );
}

function ConversationItem(props: {
  conversation: ConversationSummary;
  isOpen: boolean;
  onOpen: () => void;
  onDelete: () => void;
}) {
  const { conversation } = props;
  return (
    <li className="chat-conversation" data-open={props.isOpen || undefined}>
      <Link to={chatUrl(conversation.id)} aria-current={props.isOpen ? 'page' : undefined} onClick={props.onOpen}>
        <span className="chat-conversation-title" title={conversation.title}>
          {conversation.title}
        </span>
        <span className="chat-conversation-day muted">{dayFormat.format(new Date(conversation.updatedAt))}</span>
      </Link>
      <Button variant="quiet" aria-label={`Delete “${conversation.title}”`} onPress={props.onDelete}>
        Delete
      </Button>
    </li>
  );
}

export function ConversationList({ openId, onDeleted }: { openId: string | null; onDeleted: (id: string) => void }) {
  const conversations = useConversations();
  const [expanded, setExpanded] = useState(false);
  const [deleting, setDeleting] = useState<ConversationSummary | null>(null);
  const list = conversations.data ?? [];
  let body;
  if (conversations.isError) body = <Callout tone="error">{messageOf(conversations.error)}</Callout>;
  else if (!conversations.data) body = <p className="muted">Loading your conversations…</p>;
  else if (list.length === 0) body = <p className="muted">No conversations yet. Ask Taylor anything to start one.</p>;
  else
    body = (
      <ul className="chat-conversations">
        {list.map((conversation) => (
          <ConversationItem
            key={conversation.id}
            conversation={conversation}
            isOpen={conversation.id === openId}
            onOpen={() => setExpanded(false)}
            onDelete={() => setDeleting(conversation)}
          />
        ))}
      </ul>
    );
  return (
    <aside className="chat-side" aria-labelledby="chat-side-title">
      <button
        type="button"
        className="chat-side-toggle"
        aria-expanded={expanded}
        aria-controls="chat-side-body"
        onClick={() => setExpanded((open) => !open)}
      >
        {LIST_TITLE}
        {conversations.data ? ` (${list.length})` : ''}
      </button>
      <div id="chat-side-body" className="chat-side-body stack" data-expanded={expanded || undefined}>
        <h2 id="chat-side-title" className="visually-hidden">
          {LIST_TITLE}
        </h2>
        <LinkButton variant="secondary" to={CHAT} onClick={() => setExpanded(false)}>
          {NEW_CONVERSATION}
        </LinkButton>
        {body}
      </div>
      {deleting ? (
        <ConfirmDelete
          conversation={deleting}
          onDeleted={() => onDeleted(deleting.id)}
          onClose={() => setDeleting(null)}
        />
      ) : null}
    </aside>
  );
}
