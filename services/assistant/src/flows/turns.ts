// One turn of a conversation (docs/assistant.md, "A turn"): the creator's message checked against the limits and
// stored with the conversation held, then the engine answers with a toolbox bound to the creator's token, its
// text streamed as it comes, and Taylor's message stored whatever happened (an engine error is part of it). A
// model's answer is checked for prices and hotels no tool returned.
import { randomUUID } from 'node:crypto';
import type { AssistantStreamEvent, AuthUser, ChatMessage } from '@travelclub/contracts';
import { AppError, windowLimit, type CausalContext } from '@travelclub/kit';
import type { Redis } from 'ioredis';
import type { CreatorPlatform } from '../clients/platform.js';
import type { AssistantConfig } from '../config.js';
import { todayOf } from '../domain/format.js';
import { groundingNote, groundsOf, ungroundedClaims } from '../domain/grounding.js';
import { EngineError, type Engine, type HistoryMessage } from '../engines/engine.js';
import { taylorTokens, taylorTurns } from '../metrics.js';
import type { ConversationRecord, ConversationStore, StoredMessage } from '../store/conversations.js';
import type { DraftStore } from '../store/drafts.js';
import { createToolbox, type ToolTrail } from '../tools/toolbox.js';
import { NEW_TITLE } from './conversations.js';

export interface TurnParts {
  config: AssistantConfig;
  engine: Engine;
  conversations: ConversationStore;
  drafts: DraftStore;
  redis: Redis;
  platformFor(accessToken: string, ctx: CausalContext): CreatorPlatform;
  log: { error(obj: object, msg: string): void };
}

export type Send = (event: AssistantStreamEvent) => void;

const HISTORY = 20;
const titleOf = (text: string) => (text.length <= 60 ? text : `${text.slice(0, 57).trimEnd()}…`);

/** What the engine is told of earlier messages; a model also reads the ids of the hotels Taylor named. */
function historyOf(messages: StoredMessage[], forModel: boolean): HistoryMessage[] {
  return messages.slice(-HISTORY).map(({ role, text, hotels }) => ({
    role,
    text:
      forModel && hotels?.length
        ? `${text}\n\n(Hotels in this answer: ${hotels.map((h) => `${h.name}, hotelId ${h.id}`).join('; ')})`
        : text,
    ...(hotels && { hotels }),
  }));
}

/** The hotels a turn's tools named, in the order they came. */
function hotelsOf(trail: ToolTrail) {
  const found = new Map<string, { id: string; name: string; slug: string }>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (!value || typeof value !== 'object') return;
    const v = value as Record<string, unknown>;
    if (
      typeof v.id === 'string' &&
      typeof v.name === 'string' &&
      typeof v.url === 'string' &&
      v.url.startsWith('/hotel/')
    )
      found.set(v.id, {
        id: v.id,
        name: v.name,
        slug: typeof v.slug === 'string' ? v.slug : v.url.slice(7).split('?')[0]!,
      });
    Object.values(v).forEach(visit);
  };
  trail.results.forEach(visit);
  return [...found.values()];
}

/**
 * Model tokens per UTC day, in Redis (kept two days), under one key per counter: each creator's, and the
 * platform's (`PLATFORM`). A turn reserves its budget before it starts and settles what it used after, so turns
 * running side by side cannot together pass the day's allowance.
 */
function tokenCounter(redis: Redis, prefix: string) {
  const key = (counter: string) => `${prefix}:tokens:${counter}:${todayOf(undefined)}`;
  const add = async (counter: string, tokens: number) => {
    const [[, total]] = (await redis
      .multi()
      .incrby(key(counter), tokens)
      .expire(key(counter), 2 * 86_400)
      .exec()) as [[null, number]];
    return total;
  };
  return {
    today: async (counter: string) => Number((await redis.get(key(counter))) ?? 0),
    /** Up to `wanted` tokens of what is left of `limit` today, counted now; 0 when none is left. */
    async reserve(counter: string, wanted: number, limit: number): Promise<number> {
      const total = await add(counter, wanted);
      const granted = Math.max(0, Math.min(wanted, limit - (total - wanted)));
      if (granted < wanted) await add(counter, granted - wanted);
      return granted;
    },
    /** Gives back what a turn reserved and did not use (or counts what it used beyond). */
    async settle(counter: string, reserved: number, used: number) {
      if (used !== reserved) await add(counter, used - reserved);
    },
  };
}
/** The platform's counter, named so that no account id can be it. */
const PLATFORM = '@platform';

/** A model turn's tokens, reserved from the creator's day and the platform's: what both can give, else a refusal. */
async function reserveTokens(tokens: ReturnType<typeof tokenCounter>, config: AssistantConfig, creatorId: string) {
  const mine = await tokens.reserve(creatorId, config.LLM_TOKENS_PER_TURN, config.LLM_TOKENS_PER_DAY);
  if (mine === 0) throw new AppError('assistant-allowance-used');
  const granted = await tokens.reserve(PLATFORM, mine, config.LLM_PLATFORM_TOKENS_PER_DAY);
  await tokens.settle(creatorId, mine, granted);
  if (granted === 0) throw new AppError('assistant-platform-allowance-used');
  return granted;
}

const REFUSALS = { missing: 'conversation-not-found', busy: 'assistant-busy', full: 'conversation-full' } as const;

export function turnFlows(parts: TurnParts) {
  const { config, engine, conversations, redis } = parts;
  const messages = windowLimit(redis, {
    prefix: `${config.REDIS_PREFIX}:rl:messages`,
    points: config.MESSAGES_PER_MINUTE,
    windowSeconds: 60,
  });
  // Model turns per client address: accounts cost nothing to make, so a creator's own limits alone do not hold.
  const perAddress = windowLimit(redis, {
    prefix: `${config.REDIS_PREFIX}:rl:address-turns`,
    points: config.LLM_TURNS_PER_ADDRESS_PER_HOUR,
    windowSeconds: 3_600,
  });
  const tokens = tokenCounter(redis, config.REDIS_PREFIX);
  /** Both counters settled: a turn's reservation was taken from the creator's day and the platform's alike. */
  const settle = (creatorId: string, reserved: number, used: number) =>
    Promise.all([tokens.settle(creatorId, reserved, used), tokens.settle(PLATFORM, reserved, used)]);

  return {
    /** The platform's tokens counted today: the share of its ceiling (metrics.ts). */
    platformTokensToday: () => tokens.today(PLATFORM),

    async usage(creatorId: string) {
      const dailyTokenLimit = engine.name === 'model' ? config.LLM_TOKENS_PER_DAY : null;
      return { engine: engine.name, tokensToday: await tokens.today(creatorId), dailyTokenLimit };
    },

    /**
     * Checks and stores the creator's message, holding the conversation; answers the turn to run. Refusals
     * (limits, a busy or full conversation) are thrown here, before any stream starts. A model costs money, so a
     * model turn also needs a verified email, a client address under its hourly turns, and tokens left in both
     * the creator's day and the platform's.
     */
    async prepare(
      user: AuthUser,
      accessToken: string,
      id: string,
      body: { text: string; today?: string },
      ctx: CausalContext,
      /** The client's address, as the gateway forwarded it (the kit's TRUST_PROXY). */
      address: string,
    ) {
      if (!(await messages.take(user.id))) throw new AppError('too-many-requests');
      const model = engine.name === 'model';
      if (model && user.emailVerified !== true) throw new AppError('assistant-email-unverified');
      if (model && !(await perAddress.take(address))) throw new AppError('assistant-network-limit');
      const reserved = model ? await reserveTokens(tokens, config, user.id) : 0;
      const now = new Date();
      const userMessage: StoredMessage = { id: randomUUID(), role: 'user', text: body.text, at: now.toISOString() };
      // The hold lasts as long as the longest turn may (every tool call and the answer, each at its time-out).
      const longest = (model ? config.LLM_TIMEOUT_MS : config.CALL_TIMEOUT_MS) * (config.MAX_TOOL_CALLS + 2);
      const turnId = randomUUID();
      const held = await conversations.begin(user.id, id, userMessage, now, new Date(now.getTime() + longest), turnId);
      if (!held.conversation) {
        await settle(user.id, reserved, 0);
        throw new AppError(REFUSALS[held.why]);
      }
      // A new conversation is named after its first message (stored with Taylor's answer).
      const first = held.conversation.messageCount === 1 && held.conversation.title === NEW_TITLE;
      const conversation = first ? { ...held.conversation, title: titleOf(body.text) } : held.conversation;
      const budget = Math.min(reserved, config.LLM_TOKENS_PER_CONVERSATION - conversation.tokensUsed);
      const turn = { user, accessToken, conversation, userMessage, today: todayOf(body.today), budget, ctx, turnId };
      return async (send: Send, left: AbortSignal) => {
        // The turn ends before its hold does, whoever is still listening.
        const signal = AbortSignal.any([left, AbortSignal.timeout(longest - 1_000)]);
        let used = 0;
        try {
          used = (await runTurn(parts, { ...turn, send, signal })).tokensUsed;
        } finally {
          await settle(user.id, reserved, used);
        }
      };
    },
  };
}
export type TurnFlows = ReturnType<typeof turnFlows>;

interface Turn {
  turnId: string;
  user: AuthUser;
  accessToken: string;
  conversation: ConversationRecord;
  userMessage: ChatMessage;
  today: string;
  budget: number;
  ctx: CausalContext;
  send: Send;
  signal: AbortSignal;
}

/** The engine's answer, checked for grounding (a model's), or the error it ended on with what had streamed. */
async function answer(engine: Engine, turn: Turn, tools: ReturnType<typeof createToolbox>, log: TurnParts['log']) {
  const earlier = turn.conversation.messages.slice(0, -1);
  let streamed = '';
  try {
    const output = await engine.reply({
      history: historyOf(earlier, engine.name === 'model'),
      text: turn.userMessage.text,
      today: turn.today,
      tools,
      emit: (piece) => {
        streamed += piece;
        turn.send({ type: 'token', data: { text: piece } });
      },
      tokenBudget: turn.budget,
      signal: turn.signal,
    });
    const { tokensUsed, tokens } = output;
    if (engine.name !== 'model') return { text: output.text, tokensUsed, tokens };
    const earlierGrounds = earlier.flatMap((m) => m.grounds ?? []);
    const note = groundingNote(ungroundedClaims(output.text, [...tools.trail.results, earlierGrounds]));
    if (note) turn.send({ type: 'token', data: { text: note } });
    return { text: output.text + note, tokensUsed, tokens };
  } catch (err) {
    const known = err instanceof EngineError;
    if (!known) log.error({ err, conversationId: turn.conversation._id }, 'a turn of Taylor failed');
    const error = known
      ? { code: err.code, message: err.message }
      : { code: 'internal', message: 'Taylor ran into a problem and could not finish this answer. Please try again.' };
    const text = `${streamed}${streamed ? '\n\n' : ''}${error.message}`;
    return {
      text,
      tokensUsed: known ? err.partial.tokensUsed : 0,
      tokens: known ? err.partial.tokens : undefined,
      error,
    };
  }
}

const NOT_SAVED = 'Taylor could not save this answer. Please send your message again.';

/** Stores Taylor's message and frees the conversation, trying again a few times; false when it could not. */
async function saveReply(parts: TurnParts, turn: Turn, reply: StoredMessage, tokensUsed: number) {
  for (let attempt = 1; ; attempt++) {
    try {
      await parts.conversations.finish(turn.conversation._id, turn.turnId, reply, tokensUsed, turn.conversation.title);
      return true;
    } catch (err) {
      if (attempt >= 3) {
        parts.log.error({ err, conversationId: turn.conversation._id }, 'Taylor could not store an answer');
        return false;
      }
      await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
    }
  }
}

/** Runs a held turn to its end: Taylor's message is stored (and the conversation freed) whatever happened. */
async function runTurn(parts: TurnParts, turn: Turn): Promise<{ tokensUsed: number }> {
  const { conversation, send } = turn;
  const replyId = turn.turnId;
  const start = { conversationId: conversation._id, title: conversation.title, userMessage: turn.userMessage, replyId };
  send({ type: 'start', data: start });
  const tools = createToolbox({
    platform: parts.platformFor(turn.accessToken, turn.ctx),
    drafts: parts.drafts,
    creatorId: turn.user.id,
    conversationId: conversation._id,
    today: turn.today,
    ctx: turn.ctx,
    onTool: (data) => send({ type: 'tool', data }),
  });
  const { text, tokensUsed, tokens, error } = await answer(parts.engine, turn, tools, parts.log);
  // Spent whether or not the answer is stored; this turn runs once (its hold is its own).
  if (tokens) {
    taylorTokens.inc({ kind: 'input' }, tokens.input);
    taylorTokens.inc({ kind: 'output' }, tokens.output);
  }
  const shown: ChatMessage = {
    id: replyId,
    role: 'assistant',
    text,
    at: new Date().toISOString(),
    engine: parts.engine.name,
    toolCalls: tools.trail.records,
    links: tools.trail.links,
    ...(error && { error }),
  };
  const stored = { ...shown, hotels: hotelsOf(tools.trail), grounds: groundsOf(tools.trail.results) };
  if (!(await saveReply(parts, turn, stored, tokensUsed))) {
    send({ type: 'error', data: { code: 'internal', message: NOT_SAVED } });
    return { tokensUsed };
  }
  taylorTurns.inc();
  send(error ? { type: 'error', data: { ...error, reply: shown } } : { type: 'done', data: { message: shown } });
  return { tokensUsed };
}
