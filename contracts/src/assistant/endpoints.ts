// The assistant's endpoints (docs/assistant.md): a creator's conversations with Taylor and the drafts Taylor
// saves, support's audited read of a conversation, and destination ideas for a free-text wish.
import { z } from 'zod';
import {
  AssistantUsageSchema,
  ConversationIdParamsSchema,
  ConversationListSchema,
  ConversationSchema,
  DestinationIdeasQuerySchema,
  DestinationIdeasSchema,
  DraftIdParamsSchema,
  DraftListQuerySchema,
  DraftListSchema,
  DraftSchema,
  DraftStatusBodySchema,
  NewConversationBodySchema,
  SendMessageBodySchema,
  SupportReadQuerySchema,
} from './api.js';
import { accessOf, endpoint } from '../endpoint.js';
import type { ErrorCode } from '../errors.js';

const BASE = '/api/v1/assistant';
/** Taylor is the creators' assistant: every route wants role/creator, and answers with the caller's own only. */
const { creator, support } = accessOf('assistant');
const creatorOnly = ['unauthenticated', 'forbidden'] as const satisfies readonly ErrorCode[];
const conversation = [...creatorOnly, 'conversation-not-found'] as const satisfies readonly ErrorCode[];

export const assistantEndpoints = {
  listConversations: endpoint(creator, 'GET', `${BASE}/conversations`, {
    responses: { 200: ConversationListSchema },
    errors: creatorOnly,
  }),
  startConversation: endpoint(creator, 'POST', `${BASE}/conversations`, {
    body: NewConversationBodySchema,
    responses: { 201: ConversationSchema },
    errors: [...creatorOnly, 'conversation-limit-reached'],
  }),
  readConversation: endpoint(creator, 'GET', `${BASE}/conversations/:id`, {
    params: ConversationIdParamsSchema,
    responses: { 200: ConversationSchema },
    errors: conversation,
  }),
  deleteConversation: endpoint(creator, 'DELETE', `${BASE}/conversations/:id`, {
    params: ConversationIdParamsSchema,
    responses: { 204: z.unknown() },
    errors: conversation,
  }),
  // The answer is `text/event-stream` (AssistantStreamEventSchemas); refusals before the stream starts are the
  // usual error envelope.
  sendMessage: endpoint(creator, 'POST', `${BASE}/conversations/:id/messages`, {
    params: ConversationIdParamsSchema,
    body: SendMessageBodySchema,
    responses: { 200: z.unknown() },
    errors: [
      ...conversation,
      'assistant-busy',
      'conversation-full',
      'assistant-allowance-used',
      'assistant-platform-allowance-used',
      'assistant-network-limit',
      'assistant-email-unverified',
      'too-many-requests',
    ],
  }),
  usage: endpoint(creator, 'GET', `${BASE}/usage`, { responses: { 200: AssistantUsageSchema }, errors: creatorOnly }),
  listDrafts: endpoint(creator, 'GET', `${BASE}/drafts`, {
    query: DraftListQuerySchema,
    responses: { 200: DraftListSchema },
    errors: creatorOnly,
  }),
  readDraft: endpoint(creator, 'GET', `${BASE}/drafts/:id`, {
    params: DraftIdParamsSchema,
    responses: { 200: DraftSchema },
    errors: [...creatorOnly, 'draft-not-found'],
  }),
  setDraftStatus: endpoint(creator, 'PUT', `${BASE}/drafts/:id/status`, {
    params: DraftIdParamsSchema,
    body: DraftStatusBodySchema,
    responses: { 200: DraftSchema },
    errors: [...creatorOnly, 'draft-not-found'],
  }),
  // Support reads a conversation only with a reason, which is recorded with the staff id (docs/assistant.md).
  supportReadConversation: endpoint(support, 'GET', `${BASE}/support/conversations/:id`, {
    params: ConversationIdParamsSchema,
    query: SupportReadQuerySchema,
    responses: { 200: ConversationSchema },
    errors: conversation,
  }),
  // Spec section 7's one call: destination ideas for a wish, each a real destination of the catalog.
  destinationIdeas: endpoint(creator, 'GET', '/api/v1/experimental/gpt/destinations', {
    query: DestinationIdeasQuerySchema,
    responses: { 200: DestinationIdeasSchema },
    errors: [...creatorOnly, 'too-many-requests'],
  }),
};
