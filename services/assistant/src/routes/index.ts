// The assistant's routes: thin handlers over the flows. A message's answer is a Server-Sent Events stream
// (contracts' AssistantStreamEventSchemas), begun only once the message is accepted, so refusals stay JSON.
import type { AssistantStreamEvent, assistantEndpoints } from '@travelclub/contracts';
import { AppError, bearerToken, type Handlers } from '@travelclub/kit';
import type { FastifyReply } from 'fastify';
import type { AssistantFlows } from '../flows/index.js';

export type RouteParts = Pick<AssistantFlows, 'conversations' | 'turns' | 'drafts' | 'ideas'>;

/** Keeps the stream alive through proxies while a tool or the model takes its time. */
const PING_MS = 5_000;

/** Streams a turn's events to the caller; the turn stops early (a model call is aborted) if they leave. */
async function stream(
  reply: FastifyReply,
  run: (send: (e: AssistantStreamEvent) => void, signal: AbortSignal) => Promise<void>,
) {
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store, no-transform',
    'x-accel-buffering': 'no',
    'x-request-id': String(reply.request.id),
  });
  const left = new AbortController();
  res.on('close', () => left.abort());
  if (res.destroyed) left.abort();
  const ping = setInterval(() => res.write(': ping\n\n'), PING_MS);
  // Events sent in the same turn of the event loop (an offline answer's words) go out in one write.
  let pending = '';
  const flush = () => {
    if (pending && !res.writableEnded) res.write(pending);
    pending = '';
  };
  try {
    await run((event) => {
      if (!pending) setImmediate(flush);
      pending += `event: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`;
    }, left.signal);
  } finally {
    clearInterval(ping);
    flush();
    res.end();
  }
}

export function assistantRoutes(parts: RouteParts): Handlers<typeof assistantEndpoints> {
  const { conversations, turns, drafts, ideas } = parts;
  const tokenOf = (req: Parameters<typeof bearerToken>[0]) => {
    const token = bearerToken(req);
    if (!token) throw new AppError('unauthenticated');
    return token;
  };
  return {
    listConversations: ({ user }) => conversations.list(user.id),
    startConversation: async ({ user, body }, reply) =>
      reply.code(201).send(await conversations.start(user.id, body.title)),
    readConversation: ({ user, params }) => conversations.read(user.id, params.id),
    deleteConversation: async ({ user, params }, reply) => {
      await conversations.remove(user.id, params.id);
      return reply.code(204).send();
    },
    sendMessage: async ({ user, params, body, ctx, req }, reply) => {
      const run = await turns.prepare(user, tokenOf(req), params.id, body, ctx, req.ip);
      await stream(reply, run);
      return reply;
    },
    usage: ({ user }) => turns.usage(user.id),
    listDrafts: ({ user, query }) => drafts.list(user.id, query.status, query.kind),
    readDraft: ({ user, params }) => drafts.read(user.id, params.id),
    setDraftStatus: ({ user, params, body }) => drafts.setStatus(user.id, params.id, body.status),
    supportReadConversation: ({ user, params, query, ctx }) =>
      conversations.supportRead(user, params.id, query.reason, ctx),
    destinationIdeas: ({ user, query, ctx, req }) => ideas.suggest(user.id, tokenOf(req), query.query, ctx),
  };
}
