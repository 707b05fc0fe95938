// A creator's conversations with Taylor: listed, started, read and deleted by their creator only; read by support
// only with a reason, which is recorded with the staff id and published (`assistant.conversation.inspected`).
import { randomUUID } from 'node:crypto';
import { assistantLimits, type AuthUser, type Conversation } from '@travelclub/contracts';
import { AppError, newEvent, type CausalContext } from '@travelclub/kit';
import { messageView, summaryOf, type ConversationRecord, type ConversationStore } from '../store/conversations.js';

const view = (c: ConversationRecord): Conversation => ({ ...summaryOf(c), messages: c.messages.map(messageView) });

export const NEW_TITLE = 'New conversation';

export function conversationFlows(conversations: ConversationStore) {
  return {
    async list(creatorId: string) {
      const records = await conversations.listOf(creatorId);
      return { conversations: records.map(summaryOf) };
    },

    async start(creatorId: string, title: string | undefined): Promise<Conversation> {
      if ((await conversations.count(creatorId)) >= assistantLimits.maxConversations)
        throw new AppError('conversation-limit-reached');
      const now = new Date();
      const record = await conversations.insert({
        _id: randomUUID(),
        creatorId,
        title: title ?? NEW_TITLE,
        createdAt: now,
        updatedAt: now,
        messages: [],
        messageCount: 0,
        tokensUsed: 0,
        busyUntil: null,
        heldBy: null,
      });
      return view(record);
    },

    async read(creatorId: string, id: string): Promise<Conversation> {
      const record = await conversations.get(creatorId, id);
      if (!record) throw new AppError('conversation-not-found');
      return view(record);
    },

    async remove(creatorId: string, id: string): Promise<void> {
      if (!(await conversations.remove(creatorId, id))) throw new AppError('conversation-not-found');
    },

    /** Support's read: only with a reason, and never without the record of who read it and why. */
    async supportRead(staff: AuthUser, id: string, reason: string, ctx: CausalContext): Promise<Conversation> {
      const record = await conversations.getAny(id);
      if (!record) throw new AppError('conversation-not-found');
      const readId = randomUUID();
      const payload = { conversationId: id, creatorId: record.creatorId, staffId: staff.id, reason };
      const event = newEvent('assistant.conversation.inspected', id, payload, ctx);
      await conversations.recordSupportRead({ _id: readId, ...payload, at: new Date() }, event);
      return view(record);
    },
  };
}
export type ConversationFlows = ReturnType<typeof conversationFlows>;
