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
import { addDays } from '../domain/format.js';
import { groundingNote, groundsOf, ungroundedClaims } from '../domain/grounding.js';
import { EngineError, type Engine, type HistoryMessage } from '../engines/engine.js';
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
const utcToday = () => new Date().toISOString().slice(0, 10);

/** The creator's today, believed when it is within a day of ours (time zones), else ours. */
export function todayOf(claimed: string | undefined): string {
  const ours = utcToday();
  return claimed && claimed >= addDays(ours, -1) && claimed <= addDays(ours, 1) ? claimed : ours;
}

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

export function turnFlows(parts: TurnParts) {
  const { config, engine, conversations, redis } = parts;
  const messages = windowLimit(redis, {
    prefix: `${config.REDIS_PREFIX}:rl:messages`,
    points: config.MESSAGES_PER_MINUTE,
    windowSeconds: 60,
  });
  const usageKey = (creatorId: string) => `${config.REDIS_PREFIX}:tokens:${creatorId}:${utcToday()}`;
  const tokensToday = async (creatorId: string) => Number((await redis.get(usageKey(creatorId))) ?? 0);

  async function countTokens(creatorId: string, tokens: number) {
    if (tokens <= 0) return;
    await redis
      .multi()
      .incrby(usageKey(creatorId), tokens)
      .expire(usageKey(creatorId), 2 * 86_400)
      .exec();
  }

  return {
    async usage(creatorId: string) {
      const model = engine.name === 'model';
      return {
        engine: engine.name,
        tokensToday: await tokensToday(creatorId),
        dailyTokenLimit: model ? config.LLM_TOKENS_PER_DAY : null,
      };
    },

    /**
     * Checks and stores the creator's message, holding the conversation; answers the turn to run. Refusals
     * (limits, a busy or full conversation) are thrown here, before any stream starts.
     */
    async prepare(
      user: AuthUser,
      accessToken: string,
      id: string,
      body: { text: string; today?: string },
      ctx: CausalContext,
    ) {
      if (!(await messages.take(user.id))) throw new AppError('too-many-requests');
      const used = await tokensToday(user.id);
      if (engine.name === 'model' && used >= config.LLM_TOKENS_PER_DAY) throw new AppError('assistant-allowance-used');
      const now = new Date();
      const userMessage: StoredMessage = { id: randomUUID(), role: 'user', text: body.text, at: now.toISOString() };
      const existing = await conversations.get(user.id, id);
      const title = existing?.title === NEW_TITLE && existing.messages.length === 0 ? titleOf(body.text) : undefined;
      const held = await conversations.begin(
        user.id,
        id,
        userMessage,
        now,
        new Date(now.getTime() + config.LLM_TIMEOUT_MS * 3),
        title,
      );
      if (!held.conversation)
        throw new AppError(
          held.why === 'missing'
            ? 'conversation-not-found'
            : held.why === 'busy'
              ? 'assistant-busy'
              : 'conversation-full',
        );
      const conversation = held.conversation;
      const budget = Math.min(
        config.LLM_TOKENS_PER_CONVERSATION - conversation.tokensUsed,
        config.LLM_TOKENS_PER_DAY - used,
      );
      const today = todayOf(body.today);
      return (send: Send, signal: AbortSignal) =>
        runTurn({ user, accessToken, conversation, userMessage, today, budget, ctx, send, signal });
    },
  };

  async function runTurn(turn: {
    user: AuthUser;
    accessToken: string;
    conversation: ConversationRecord;
    userMessage: ChatMessage;
    today: string;
    budget: number;
    ctx: CausalContext;
    send: Send;
    signal: AbortSignal;
  }) {
    const { conversation, send } = turn;
    const replyId = randomUUID();
    send({
      type: 'start',
      data: { conversationId: conversation._id, title: conversation.title, userMessage: turn.userMessage, replyId },
    });
    const tools = createToolbox({
      platform: parts.platformFor(turn.accessToken, turn.ctx),
      drafts: parts.drafts,
      creatorId: turn.user.id,
      conversationId: conversation._id,
      today: turn.today,
      ctx: turn.ctx,
      onTool: (data) => send({ type: 'tool', data }),
    });
    const earlier = conversation.messages.slice(0, -1);
    let streamed = '';
    let text: string;
    let tokensUsed = 0;
    let error: { code: string; message: string } | undefined;
    try {
      const output = await engine.reply({
        history: historyOf(earlier, engine.name === 'model'),
        text: turn.userMessage.text,
        today: turn.today,
        tools,
        emit: (piece) => {
          streamed += piece;
          send({ type: 'token', data: { text: piece } });
        },
        tokenBudget: turn.budget,
        signal: turn.signal,
      });
      tokensUsed = output.tokensUsed;
      text = output.text;
      if (engine.name === 'model') {
        const earlierGrounds = earlier.flatMap((m) => m.grounds ?? []);
        const note = groundingNote(ungroundedClaims(text, [...tools.trail.results, earlierGrounds]));
        if (note) send({ type: 'token', data: { text: note } });
        text += note;
      }
    } catch (err) {
      const known = err instanceof EngineError;
      if (!known) parts.log.error({ err, conversationId: conversation._id }, 'a turn of Taylor failed');
      error = known
        ? { code: err.code, message: err.message }
        : {
            code: 'internal',
            message: 'Taylor ran into a problem and could not finish this answer. Please try again.',
          };
      tokensUsed = known ? err.partial.tokensUsed : 0;
      text = `${streamed}${streamed ? '\n\n' : ''}${error.message}`;
    }
    const reply: StoredMessage = {
      id: replyId,
      role: 'assistant',
      text,
      at: new Date().toISOString(),
      engine: engine.name,
      toolCalls: tools.trail.records,
      links: tools.trail.links,
      ...(error && { error }),
      hotels: hotelsOf(tools.trail),
      grounds: groundsOf(tools.trail.results),
    };
    await conversations.finish(conversation._id, reply, tokensUsed);
    await countTokens(turn.user.id, tokensUsed);
    const { hotels: _h, grounds: _g, ...shown } = reply;
    send(error ? { type: 'error', data: { ...error, reply: shown } } : { type: 'done', data: { message: shown } });
  }
}
export type TurnFlows = ReturnType<typeof turnFlows>;
