// Taylor, the creators' assistant (docs/assistant.md): conversations and their messages, what a turn streams
// to the dashboard, the drafts Taylor saves for the creator to review, the tools Taylor may call with their
// arguments, and destination ideas for a free-text wish.
import { z } from 'zod';
import { IdSchema, InstantSchema, StayDateSchema } from '../common.js';
import { DestinationSchema } from '../catalog/api.js';
import { multiLineText, singleLineText } from '../validation.js';

export const assistantLimits = {
  /** Characters of one message a creator sends. */
  maxMessageChars: 2_000,
  /** Characters of a conversation's title. */
  maxTitleChars: 80,
  /** Conversations one creator keeps; the oldest must be deleted before a new one starts. */
  maxConversations: 200,
  /** Messages (the creator's and Taylor's) one conversation holds. */
  maxMessages: 200,
  /** Hotels one search tool call answers with. */
  maxHotels: 10,
  /** Destination ideas one wish gets. */
  maxIdeas: 5,
} as const;

export const AssistantEngineSchema = z.enum(['offline', 'model']);
export type AssistantEngine = z.infer<typeof AssistantEngineSchema>;

// ---------- tools ----------

/** Where in the web app a hotel, a search or a draft opens: a same-site path. */
export const AppLinkSchema = z.object({
  // page: a dashboard page (analytics, income, the creator's stays or packages).
  kind: z.enum(['hotel', 'search', 'draft', 'page']),
  label: z.string(),
  href: z.string().startsWith('/'),
});
export type AppLink = z.infer<typeof AppLinkSchema>;

const place = z.string().trim().min(2).max(100);
const stay = {
  checkIn: StayDateSchema,
  checkOut: StayDateSchema,
  guests: z.number().int().min(1).max(16),
};
const HotelSortSchema = z.enum(['relevance', 'cheapest', 'best-rated']);

/**
 * Every tool Taylor may call, with the arguments it takes. A call's arguments are checked here before anything
 * runs. No tool publishes, deletes or spends: drafts stay in the assistant's own store until the creator acts.
 */
export const assistantToolArgs = {
  find_destinations: z.strictObject({ query: place }),
  search_hotels: z.strictObject({
    destination: place.describe('A destination name or id from find_destinations'),
    ...stay,
    sort: HotelSortSchema.default('relevance'),
    limit: z.number().int().min(1).max(assistantLimits.maxHotels).default(5),
  }),
  check_availability: z.strictObject({ hotelId: IdSchema, ...stay }),
  hotel_details: z.strictObject({ hotelId: IdSchema }),
  my_recommendations: z.strictObject({}),
  my_packages: z.strictObject({}),
  my_numbers: z.strictObject({ from: StayDateSchema, to: StayDateSchema }),
  my_income: z.strictObject({}),
  suggest_destinations: z.strictObject({ wish: z.string().trim().min(3).max(300) }),
  draft_recommendation: z.strictObject({
    hotelId: IdSchema,
    text: z.string().trim().min(20).max(2_000),
  }),
  draft_package: z.strictObject({
    title: z.string().trim().min(3).max(120),
    description: z.string().trim().max(2_000).default(''),
    stays: z
      .array(z.strictObject({ hotelId: IdSchema, checkIn: StayDateSchema, checkOut: StayDateSchema }))
      .min(1)
      .max(10),
    guests: z.number().int().min(1).max(16),
  }),
  draft_post: z.strictObject({
    packageId: IdSchema.optional(),
    text: z.string().trim().min(20).max(2_000),
  }),
} as const;
export type AssistantToolName = keyof typeof assistantToolArgs;
export const AssistantToolNameSchema = z.enum(Object.keys(assistantToolArgs) as [AssistantToolName]);
export type AssistantToolArgs<T extends AssistantToolName> = z.output<(typeof assistantToolArgs)[T]>;

/** A tool call as a message remembers it: what was asked, whether it worked, and a line about the result. */
export const ToolCallRecordSchema = z.object({
  id: z.string(),
  name: z.string(),
  arguments: z.unknown(),
  ok: z.boolean(),
  summary: z.string(),
});
export type ToolCallRecord = z.infer<typeof ToolCallRecordSchema>;

// ---------- drafts ----------

export const DraftKindSchema = z.enum(['recommendation', 'package', 'post']);
export type DraftKind = z.infer<typeof DraftKindSchema>;
export const DraftStatusSchema = z.enum(['open', 'used', 'dismissed']);

export const DraftStaySchema = z.object({
  hotelId: IdSchema,
  hotelName: z.string(),
  hotelSlug: z.string(),
  checkIn: StayDateSchema,
  checkOut: StayDateSchema,
});

export const DraftSchema = z.object({
  id: IdSchema,
  kind: DraftKindSchema,
  status: DraftStatusSchema,
  title: z.string(),
  text: z.string(),
  conversationId: IdSchema,
  createdAt: InstantSchema,
  /** A recommendation's hotel. */
  hotel: z.object({ id: IdSchema, name: z.string(), slug: z.string() }).optional(),
  /** A package outline's stays, with real hotels and dates, and for how many guests. */
  stays: z.array(DraftStaySchema).optional(),
  guests: z.number().int().optional(),
  /** The package a post announces. */
  packageId: IdSchema.optional(),
});
export type Draft = z.infer<typeof DraftSchema>;

export const DraftListQuerySchema = z.strictObject({
  kind: DraftKindSchema.optional(),
  status: DraftStatusSchema.default('open'),
});
export const DraftListSchema = z.object({ drafts: z.array(DraftSchema) });
export const DraftIdParamsSchema = z.strictObject({ id: z.uuid() });
/** The creator used a draft (published from it) or put it aside. */
export const DraftStatusBodySchema = z.strictObject({ status: z.enum(['used', 'dismissed']) });

// ---------- conversations ----------

export const ChatMessageSchema = z.object({
  id: IdSchema,
  role: z.enum(['user', 'assistant']),
  text: z.string(),
  at: InstantSchema,
  /** Taylor's: the tools called for it, the hotels, searches and drafts it links, and the engine that answered. */
  toolCalls: z.array(ToolCallRecordSchema).optional(),
  links: z.array(AppLinkSchema).optional(),
  engine: AssistantEngineSchema.optional(),
  /** Taylor's answer ended on this error (its text says so too). */
  error: z.object({ code: z.string(), message: z.string() }).optional(),
});
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

export const ConversationSummarySchema = z.object({
  id: IdSchema,
  title: z.string(),
  createdAt: InstantSchema,
  updatedAt: InstantSchema,
  messageCount: z.number().int(),
});
export type ConversationSummary = z.infer<typeof ConversationSummarySchema>;
export const ConversationListSchema = z.object({ conversations: z.array(ConversationSummarySchema) });
export const ConversationSchema = ConversationSummarySchema.extend({ messages: z.array(ChatMessageSchema) });
export type Conversation = z.infer<typeof ConversationSchema>;

export const ConversationIdParamsSchema = z.strictObject({ id: z.uuid() });
export const NewConversationBodySchema = z.strictObject({
  title: singleLineText(z.string().trim().min(1).max(assistantLimits.maxTitleChars)).optional(),
});

/**
 * One message to Taylor. `today` and `timeZone` are the creator's, so "next weekend" means their weekend;
 * the service checks `today` is within a day of its own clock.
 */
export const SendMessageBodySchema = z.strictObject({
  text: multiLineText(z.string().trim().min(1, 'Write a message to Taylor').max(assistantLimits.maxMessageChars)),
  today: StayDateSchema.optional(),
});

/** Support's audited read of one conversation: why it is read is recorded with the staff id. */
export const SupportReadQuerySchema = z.strictObject({ reason: singleLineText(z.string().trim().min(5).max(300)) });

/** A turn's answer, as Server-Sent Events: `event: <type>` and `data: <JSON>` of these shapes. */
export const AssistantStreamEventSchemas = {
  /** First: the stored message of the creator, and the id Taylor's answer will have. */
  start: z.object({ conversationId: IdSchema, title: z.string(), userMessage: ChatMessageSchema, replyId: IdSchema }),
  /** A tool call starting or finished. */
  tool: z.object({
    id: z.string(),
    name: z.string(),
    status: z.enum(['running', 'done', 'failed']),
    summary: z.string(),
  }),
  /** The next piece of Taylor's text. */
  token: z.object({ text: z.string() }),
  /** Last: Taylor's whole stored message (text, tool calls, links). */
  done: z.object({ message: ChatMessageSchema }),
  /** Last, instead of done: the turn failed; the message says why in words for the creator. */
  error: z.object({ code: z.string(), message: z.string(), reply: ChatMessageSchema.optional() }),
} as const;
export type AssistantStreamEventType = keyof typeof AssistantStreamEventSchemas;
export type AssistantStreamEvent = {
  [T in AssistantStreamEventType]: { type: T; data: z.infer<(typeof AssistantStreamEventSchemas)[T]> };
}[AssistantStreamEventType];

export const AssistantUsageSchema = z.object({
  engine: AssistantEngineSchema,
  /** Model tokens used today (UTC) and the day's allowance; 0 and null with the offline engine. */
  tokensToday: z.number().int(),
  dailyTokenLimit: z.number().int().nullable(),
});

// ---------- destination ideas ----------

export const DestinationIdeasQuerySchema = z.strictObject({
  query: singleLineText(z.string().trim().min(3, 'Describe the trip in a few words').max(300)),
});
export const DestinationIdeaSchema = z.object({
  destination: DestinationSchema,
  /** Why it fits, from the catalog's own figures (hotels, prices, ratings) and the wish's words it matched. */
  reason: z.string(),
  /** The web app's search for it. */
  searchUrl: z.string().startsWith('/'),
});
export const DestinationIdeasSchema = z.object({
  query: z.string(),
  /** What was understood of the wish (place, month, mood) and what could not be checked. */
  understood: z.array(z.string()),
  notChecked: z.array(z.string()),
  ideas: z.array(DestinationIdeaSchema),
});
export type DestinationIdeas = z.infer<typeof DestinationIdeasSchema>;
