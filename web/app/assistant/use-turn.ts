// The turn being answered: the creator's message, Taylor's text as it streams, its tool calls as status lines,
// and how it ended. A finished answer joins the conversation's stored messages; a failed one stays on screen
// with what was streamed and why it stopped, until the next message. A refusal before anything streamed (Taylor
// busy, the day's allowance used) gives the text back to the message box.
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { AssistantStreamEvent, ChatMessage } from '@travelclub/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { messageOf } from '~/lib/api-errors';
import { todayStayDate } from '~/checkout/format';
import { useAnnouncer } from '~/stays/announcer';
import { conversationQuery } from '~/lib/queries';
import { addMessages, noteTurnStarted, startConversation } from './queries';
import { spokenText } from './message-text';
import { streamTurn } from './stream-turn';

export interface ToolLine {
  id: string;
  name: string;
  status: 'running' | 'done' | 'failed';
  summary: string;
}

export interface Turn {
  /** null until the conversation it starts exists. */
  conversationId: string | null;
  text: string;
  /** The stored message of the creator and the id Taylor's answer will have, once the stream has started. */
  userMessage?: ChatMessage;
  replyId?: string;
  answer: string;
  tools: ToolLine[];
  phase: 'sending' | 'answering' | 'failed';
  /** Why the answer stopped, in words for the creator. */
  error?: string;
  /** Taylor's stored message of a failed turn, when the service kept one. */
  reply?: ChatMessage;
}

/** Why a message was refused before Taylor started: the catalogue's code, when there is one, and its words. */
export interface Refusal {
  code?: string;
  message: string;
  /** The conversation it happened in (made for this message, when it was the first). */
  conversationId: string | null;
}

export const CUT_OFF = 'The answer was cut off before Taylor finished. Please try again.';
export const CONNECTION_LOST = 'The connection was lost before Taylor finished. Please try again.';
export const SENT = 'Message sent. Taylor is answering…';

/** The turn after one event of the stream (the first and last events' other effects are the hook's). */
export function applyEvent(turn: Turn, event: AssistantStreamEvent): Turn {
  switch (event.type) {
    case 'start':
      return { ...turn, phase: 'answering', userMessage: event.data.userMessage, replyId: event.data.replyId };
    case 'tool': {
      const line = event.data;
      const known = turn.tools.some((t) => t.id === line.id);
      return { ...turn, tools: known ? turn.tools.map((t) => (t.id === line.id ? line : t)) : [...turn.tools, line] };
    }
    case 'token':
      return { ...turn, phase: 'answering', answer: turn.answer + event.data.text };
    case 'error':
      return { ...turn, phase: 'failed', error: event.data.message, reply: event.data.reply };
    case 'done':
      return turn;
  }
}

/** A failed turn's stored messages join the conversation when the next one starts. */
function settle(queryClient: QueryClient, turn: Turn | null) {
  if (turn?.phase !== 'failed' || !turn.conversationId || !turn.userMessage) return;
  addMessages(queryClient, turn.conversationId, turn.reply ? [turn.userMessage, turn.reply] : [turn.userMessage]);
}

function finish(queryClient: QueryClient, turn: Turn, message: ChatMessage) {
  const id = turn.conversationId!;
  addMessages(queryClient, id, turn.userMessage ? [turn.userMessage, message] : [message]);
  if (!turn.userMessage) void queryClient.invalidateQueries({ queryKey: conversationQuery(id).queryKey });
}

export function useTurn({ onCreated }: { onCreated: (conversationId: string) => void }) {
  const queryClient = useQueryClient();
  const [turn, setTurn] = useState<Turn | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const { message: announcement, announce } = useAnnouncer();
  const running = useRef<AbortController | null>(null);
  useEffect(() => () => running.current?.abort(), []);
  const busy = turn !== null && turn.phase !== 'failed';

  /** Sends a message; false when it was refused before Taylor started (the text should go back in the box). */
  async function send(conversationId: string | null, text: string): Promise<boolean> {
    if (busy) return false;
    settle(queryClient, turn);
    setRefusal(null);
    const abort = new AbortController();
    running.current = abort;
    let live: Turn = { conversationId, text, answer: '', tools: [], phase: 'sending' };
    const update = (next: Turn) => setTurn((live = next));
    update(live);
    announce(SENT);
    function onEvent(event: AssistantStreamEvent) {
      update(applyEvent(live, event));
      if (event.type === 'start')
        noteTurnStarted(queryClient, event.data.conversationId, event.data.title, event.data.userMessage.at);
      if (event.type === 'done') {
        finish(queryClient, live, event.data.message);
        setTurn(null);
        announce(`Taylor answered: ${spokenText(event.data.message.text)}`);
      }
    }
    try {
      if (!conversationId) {
        const created = await startConversation(queryClient);
        update({ ...live, conversationId: created.id });
        onCreated(created.id);
      }
      const today = todayStayDate();
      const finished = await streamTurn(live.conversationId!, { text, today }, onEvent, abort.signal);
      if (!finished) update({ ...live, phase: 'failed', error: CUT_OFF });
    } catch (err) {
      if (abort.signal.aborted) return false;
      if (live.phase === 'sending') {
        setTurn(null);
        const code = (err as { code?: unknown }).code;
        const why = { message: messageOf(err), conversationId: live.conversationId };
        setRefusal(typeof code === 'string' ? { ...why, code } : why);
        return false;
      }
      update({ ...live, phase: 'failed', error: CONNECTION_LOST });
    }
    return true;
  }

  const clearRefusal = useCallback(() => setRefusal(null), []);
  return { turn, busy, refusal, announcement, send, clearRefusal };
}
