// The assistant service's events on `assistant.events`: the payload of each type (Taylor's drafts and support's
// reads). The envelope, the topics and the map of every type are in ../events.ts.
import { z } from 'zod';
import { IdSchema } from '../common.js';

export const assistantEvents = {
  /** Taylor saved a draft (a recommendation text, a package outline or a post) for a creator to review. */
  'assistant.draft.created': z.object({
    draftId: IdSchema,
    creatorId: IdSchema,
    kind: z.enum(['recommendation', 'package', 'post']),
    conversationId: IdSchema,
  }),
  /** Support read a creator's conversation with Taylor; who, and why, stay on record. */
  'assistant.conversation.inspected': z.object({
    conversationId: IdSchema,
    creatorId: IdSchema,
    staffId: IdSchema,
    reason: z.string(),
  }),
} as const;
