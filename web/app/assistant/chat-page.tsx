// /dashboard/chat: the chat with Taylor. The creator's conversations beside (on a phone, above) the open one;
// its messages, the answer streaming in, suggestions for an empty conversation, and the message box. A new
// conversation is made on its first message. Screen readers hear that a message went and, once, the whole
// answer (never each piece as it streams).
import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { Link, useLocation, useNavigate, useNavigation } from 'react-router';
import { messageOf } from '~/lib/api-errors';
import { Loading } from '~/dashboard/status';
import { LiveRegion } from '~/stays/announcer';
import { Button, LinkButton } from '~/ui/button';
import { Callout } from '~/ui/callout';
import { ChatMessageView, TurnView } from './chat-message';
import { CHAT, chatUrl, ConversationList, NEW_CONVERSATION } from './conversation-list';
import { MessageBox } from './message-box';
import { TurnRefusal } from './turn-refusal';
import { useConversation } from './queries';
import { useTurn, type Turn } from './use-turn';

export const PAGE_TITLE = 'Taylor, your travel assistant';
export const DRAFTS = '/dashboard/stays';
export const DRAFTS_LINK = 'Drafts from Taylor';
export const SUGGESTIONS = [
  'Three hotels in Lisbon for next weekend for two',
  'Show my numbers for last month',
  'Suggest a quiet beach town in Portugal in May',
];

/** The open conversation: the address's, or the one a navigation under way is opening (no flash of the old). */
function useOpenId(): string | null {
  const location = useLocation();
  const pending = useNavigation().location;
  const shown = pending && pending.pathname === location.pathname ? pending : location;
  return new URLSearchParams(shown.search).get('conversation');
}

/**
 * Follows the answer while it streams (`shown` changes), unless the creator scrolled up to read, but never past
 * the creator's last message: an answer taller than the box is read from its start, not from its end.
 */
function useFollow(shown: string, asked: number) {
  const list = useRef<HTMLOListElement>(null);
  const pinned = useRef(true);
  /** Where the follow put the list last: a scroll event there is ours, not the creator's. */
  const placed = useRef<number | null>(null);
  // A new message of the creator's: follow again.
  useEffect(() => {
    pinned.current = true;
  }, [asked]);
  useEffect(() => {
    const el = list.current;
    if (!el || !pinned.current) return;
    const question = [...el.querySelectorAll<HTMLElement>(':scope > li[data-role="user"]')].at(-1);
    const bottom = el.scrollHeight - el.clientHeight;
    // The list is the offset parent of its messages (position: relative), so offsetTop is within it.
    el.scrollTop = question ? Math.min(bottom, question.offsetTop - TOP_GAP) : bottom;
    placed.current = el.scrollTop;
  }, [shown, asked]);
  const onScroll = () => {
    const el = list.current;
    if (!el || Math.abs(el.scrollTop - (placed.current ?? -1)) < 2) return;
    pinned.current = el.scrollHeight - el.scrollTop - el.clientHeight < 48;
  };
  return { list, onScroll };
}

/** Room kept above the creator's last message when the answer fills the box. */
const TOP_GAP = 12;

function Suggestions({ onPick, busy }: { onPick: (text: string) => void; busy: boolean }) {
  return (
    <div className="chat-suggestions stack">
      <p>Not sure where to start? Try one of these:</p>
      <ul>
        {SUGGESTIONS.map((text) => (
          <li key={text}>
            <Button variant="secondary" isDisabled={busy} onPress={() => onPick(text)}>
              {text}
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}

interface PaneProps {
  openId: string | null;
  turn: Turn | null;
  busy: boolean;
  send: (text: string) => void;
}

function Messages({ openId, turn, busy, send }: PaneProps) {
  const conversation = useConversation(openId);
  const hidden = new Set([turn?.userMessage?.id, turn?.replyId]);
  const messages = (conversation.data?.messages ?? []).filter((m) => !hidden.has(m.id));
  const asked = messages.filter((m) => m.role === 'user').length + (turn ? 1 : 0);
  const follow = useFollow(`${messages.length}:${turn?.tools.length}:${turn?.answer}:${turn?.error ?? ''}`, asked);
  if (openId && conversation.isError)
    return (
      <div className="stack">
        <Callout tone="error">{messageOf(conversation.error)}</Callout>
        <LinkButton to={CHAT}>{NEW_CONVERSATION}</LinkButton>
      </div>
    );
  if (openId && !conversation.data) return <Loading text="Loading the conversation…" />;
  if (messages.length === 0 && !turn) return <Suggestions onPick={send} busy={busy} />;
  return (
    <ol ref={follow.list} className="chat-messages" aria-label="Messages" tabIndex={0} onScroll={follow.onScroll}>
      {messages.map((message) => (
        <ChatMessageView key={message.id} message={message} />
      ))}
      {turn ? <TurnView turn={turn} /> : null}
    </ol>
  );
}

function PaneTitle({ openId }: { openId: string | null }) {
  const conversation = useConversation(openId);
  const title = openId ? (conversation.data?.title ?? 'Conversation') : NEW_CONVERSATION;
  return <h2 id="chat-title">{title}</h2>;
}

export function ChatPage() {
  const openId = useOpenId();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const box = useRef<HTMLTextAreaElement>(null);
  const chat = useTurn({ onCreated: (id) => void navigate(chatUrl(id), { replace: true }) });
  const turn = chat.turn && chat.turn.conversationId === openId ? chat.turn : null;
  // A refusal belongs to the conversation it happened in (a first message's refusal, to the one made for it).
  const { clearRefusal } = chat;
  const refusedIn = chat.refusal?.conversationId;
  const lastOpen = useRef(openId);
  useEffect(() => {
    if (lastOpen.current !== openId && refusedIn !== openId) clearRefusal();
    lastOpen.current = openId;
  }, [openId, refusedIn, clearRefusal]);

  async function send(message: string) {
    setText('');
    if (!(await chat.send(openId, message))) setText((current) => current || message);
  }

  return (
    <div className="chat-page stack">
      <div className="chat-head">
        <div className="chat-head-title">
          <h1>{PAGE_TITLE}</h1>
          <Link to={DRAFTS}>{DRAFTS_LINK}</Link>
        </div>
        <p className="muted">
          Ask Taylor to find hotels, outline a package or explain your numbers. Everything Taylor writes is a draft:
          nothing goes on your club until you publish it.
        </p>
      </div>
      <div className="chat-layout">
        <ConversationList
          openId={openId}
          onDeleted={(id) => (id === openId ? void navigate(CHAT, { replace: true }) : undefined)}
        />
        <ChatPane openId={openId} turn={turn} busy={chat.busy} send={(m) => void send(m)} box={box}>
          {chat.refusal ? <TurnRefusal refusal={chat.refusal} /> : null}
          <MessageBox ref={box} value={text} onChange={setText} onSend={(m) => void send(m)} busy={chat.busy} />
          <LiveRegion message={chat.announcement} />
        </ChatPane>
      </div>
    </div>
  );
}

function ChatPane(props: PaneProps & { box: RefObject<HTMLTextAreaElement | null>; children: ReactNode }) {
  const { box, children, ...pane } = props;
  // "New conversation" from an open one: the keyboard goes to the box (not on arrival: a phone would open its
  // keyboard over the page).
  const previous = useRef(pane.openId);
  useEffect(() => {
    if (previous.current && !pane.openId) box.current?.focus({ preventScroll: true });
    previous.current = pane.openId;
  }, [pane.openId, box]);
  return (
    <section className="chat-pane dash-card stack" aria-labelledby="chat-title">
      <PaneTitle openId={pane.openId} />
      <Messages {...pane} />
      {children}
    </section>
  );
}
