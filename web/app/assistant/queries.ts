// Taylor's client data: the creator's conversations (the list and the open one) and the drafts Taylor saved,
// read in the browser with TanStack Query through the factories of lib/queries.ts, and the writes that change
// them (start, delete, a draft used or dismissed), each keeping the cached answers in step.
import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { ChatMessage, Conversation, ConversationSummary } from '@travelclub/contracts';
import { conversationQuery, conversationsQuery, draftQuery, openDraftsQuery } from '~/lib/queries';
import { loadApi, useSession } from '~/lib/session';

/** Newest first: the conversation written in last is at the top. */
export const newestFirst = (list: readonly ConversationSummary[]) =>
  [...list].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));

export function useConversations() {
  const { isCreator } = useSession();
  return useQuery({ ...conversationsQuery(), select: newestFirst, enabled: isCreator });
}

export function useConversation(id: string | null) {
  const { isCreator } = useSession();
  return useQuery({ ...conversationQuery(id ?? ''), enabled: isCreator && Boolean(id) });
}

const summaryOf = ({ messages: _messages, ...summary }: Conversation): ConversationSummary => summary;

/** A new, empty conversation; the list and the conversation's own entry learn of it at once. */
export async function startConversation(queryClient: QueryClient): Promise<Conversation> {
  const api = await loadApi();
  const conversation = await api.call(api.endpoints.assistant.startConversation, { body: {} });
  queryClient.setQueryData(conversationQuery(conversation.id).queryKey, conversation);
  queryClient.setQueryData(conversationsQuery().queryKey, (list = []) => [
    summaryOf(conversation),
    ...list.filter((c) => c.id !== conversation.id),
  ]);
  return conversation;
}

export async function deleteConversation(queryClient: QueryClient, id: string): Promise<void> {
  const api = await loadApi();
  await api.call(api.endpoints.assistant.deleteConversation, { params: { id } });
  queryClient.setQueryData(conversationsQuery().queryKey, (list) => list?.filter((c) => c.id !== id));
  queryClient.removeQueries({ queryKey: conversationQuery(id).queryKey });
}

/** The conversation's new title and time, from a turn's first event (the list shows both). */
export function noteTurnStarted(queryClient: QueryClient, id: string, title: string, at: string) {
  queryClient.setQueryData(conversationsQuery().queryKey, (list) =>
    list?.map((c) => (c.id === id ? { ...c, title, updatedAt: at } : c)),
  );
  queryClient.setQueryData(conversationQuery(id).queryKey, (open) => (open ? { ...open, title, updatedAt: at } : open));
}

/** Messages the server stored, added to the open conversation's cached answer (each once). */
export function addMessages(queryClient: QueryClient, id: string, messages: readonly ChatMessage[]) {
  queryClient.setQueryData(conversationQuery(id).queryKey, (open) => {
    if (!open) return open;
    const known = new Set(open.messages.map((m) => m.id));
    const added = messages.filter((m) => !known.has(m.id));
    return { ...open, messages: [...open.messages, ...added], messageCount: open.messageCount + added.length };
  });
  void queryClient.invalidateQueries({ queryKey: conversationsQuery().queryKey });
}

// ---------- drafts ----------

export function useDrafts() {
  const { isCreator } = useSession();
  return useQuery({ ...openDraftsQuery(), enabled: isCreator });
}

export function useDraft(id: string) {
  const { isCreator } = useSession();
  return useQuery({ ...draftQuery(id), enabled: isCreator });
}

/** The creator published from a draft, or put it aside: it leaves the open drafts. */
export async function setDraftStatus(queryClient: QueryClient, id: string, status: 'used' | 'dismissed') {
  const api = await loadApi();
  const draft = await api.call(api.endpoints.assistant.setDraftStatus, { params: { id }, body: { status } });
  queryClient.setQueryData(openDraftsQuery().queryKey, (list) => list?.filter((d) => d.id !== id));
  queryClient.setQueryData(draftQuery(id).queryKey, draft);
  return draft;
}
