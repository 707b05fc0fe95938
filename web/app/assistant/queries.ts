// Taylor's client data: the creator's conversations (the list and the open one) and the drafts Taylor saved,
// read in the browser with TanStack Query through the API module (loaded on demand), and the writes that change
// them (start, delete, a draft used or dismissed), each keeping the cached answers in step.
import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { ChatMessage, Conversation, ConversationSummary, Draft } from '@travelclub/contracts';
import { retryHiccup } from '~/lib/api-errors';
import { loadApi, useSession } from '~/lib/session';

export const assistantKeys = {
  conversations: ['assistant', 'conversations'] as const,
  conversation: (id: string) => ['assistant', 'conversation', id] as const,
  drafts: ['assistant', 'drafts', 'open'] as const,
  draft: (id: string) => ['assistant', 'draft', id] as const,
};

/** Newest first: the conversation written in last is at the top. */
export const newestFirst = (list: readonly ConversationSummary[]) =>
  [...list].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));

export function useConversations() {
  const { isCreator } = useSession();
  return useQuery<ConversationSummary[]>({
    queryKey: assistantKeys.conversations,
    queryFn: async ({ signal }) => {
      const api = await loadApi();
      return (await api.call(api.endpoints.assistant.listConversations, {}, { signal })).conversations;
    },
    select: newestFirst,
    enabled: isCreator,
    retry: retryHiccup,
  });
}

export function useConversation(id: string | null) {
  const { isCreator } = useSession();
  return useQuery<Conversation>({
    queryKey: assistantKeys.conversation(id ?? ''),
    queryFn: async ({ signal }) => {
      const api = await loadApi();
      return api.call(api.endpoints.assistant.readConversation, { params: { id: id! } }, { signal });
    },
    enabled: isCreator && Boolean(id),
    retry: retryHiccup,
  });
}

const summaryOf = ({ messages: _messages, ...summary }: Conversation): ConversationSummary => summary;

/** A new, empty conversation; the list and the conversation's own entry learn of it at once. */
export async function startConversation(queryClient: QueryClient): Promise<Conversation> {
  const api = await loadApi();
  const conversation = await api.call(api.endpoints.assistant.startConversation, { body: {} });
  queryClient.setQueryData(assistantKeys.conversation(conversation.id), conversation);
  queryClient.setQueryData<ConversationSummary[]>(assistantKeys.conversations, (list = []) => [
    summaryOf(conversation),
    ...list.filter((c) => c.id !== conversation.id),
  ]);
  return conversation;
}

export async function deleteConversation(queryClient: QueryClient, id: string): Promise<void> {
  const api = await loadApi();
  await api.call(api.endpoints.assistant.deleteConversation, { params: { id } });
  queryClient.setQueryData<ConversationSummary[]>(assistantKeys.conversations, (list) =>
    list?.filter((c) => c.id !== id),
  );
  queryClient.removeQueries({ queryKey: assistantKeys.conversation(id) });
}

/** The conversation's new title and time, from a turn's first event (the list shows both). */
export function noteTurnStarted(queryClient: QueryClient, id: string, title: string, at: string) {
  queryClient.setQueryData<ConversationSummary[]>(assistantKeys.conversations, (list) =>
    list?.map((c) => (c.id === id ? { ...c, title, updatedAt: at } : c)),
  );
  queryClient.setQueryData<Conversation>(assistantKeys.conversation(id), (open) =>
    open ? { ...open, title, updatedAt: at } : open,
  );
}

/** Messages the server stored, added to the open conversation's cached answer (each once). */
export function addMessages(queryClient: QueryClient, id: string, messages: readonly ChatMessage[]) {
  queryClient.setQueryData<Conversation>(assistantKeys.conversation(id), (open) => {
    if (!open) return open;
    const known = new Set(open.messages.map((m) => m.id));
    const added = messages.filter((m) => !known.has(m.id));
    return { ...open, messages: [...open.messages, ...added], messageCount: open.messageCount + added.length };
  });
  void queryClient.invalidateQueries({ queryKey: assistantKeys.conversations });
}

// ---------- drafts ----------

export function useDrafts() {
  const { isCreator } = useSession();
  return useQuery<Draft[]>({
    queryKey: assistantKeys.drafts,
    queryFn: async ({ signal }) => {
      const api = await loadApi();
      return (await api.call(api.endpoints.assistant.listDrafts, { query: { status: 'open' } }, { signal })).drafts;
    },
    enabled: isCreator,
    retry: retryHiccup,
  });
}

export function useDraft(id: string) {
  const { isCreator } = useSession();
  return useQuery<Draft>({
    queryKey: assistantKeys.draft(id),
    queryFn: async ({ signal }) => {
      const api = await loadApi();
      return api.call(api.endpoints.assistant.readDraft, { params: { id } }, { signal });
    },
    enabled: isCreator,
    retry: retryHiccup,
  });
}

/** The creator published from a draft, or put it aside: it leaves the open drafts. */
export async function setDraftStatus(queryClient: QueryClient, id: string, status: 'used' | 'dismissed') {
  const api = await loadApi();
  const draft = await api.call(api.endpoints.assistant.setDraftStatus, { params: { id }, body: { status } });
  queryClient.setQueryData<Draft[]>(assistantKeys.drafts, (list) => list?.filter((d) => d.id !== id));
  queryClient.setQueryData(assistantKeys.draft(id), draft);
  return draft;
}
