// Every flow of the assistant, built over its stores (conversations and drafts, with their outbox), the engine,
// the creator's own calls to the platform and Redis (budgets and limits): what the routes call.
import { windowLimit, type Outbox, type ServiceApp } from '@travelclub/kit';
import { platformClients } from '../clients/platform.js';
import type { AssistantConfig } from '../config.js';
import type { Engine } from '../engines/engine.js';
import { conversationStore } from '../store/conversations.js';
import { draftStore } from '../store/drafts.js';
import { conversationFlows } from './conversations.js';
import { draftFlows } from './drafts.js';
import { ideaFlows } from './ideas.js';
import { turnFlows } from './turns.js';

export async function assistantFlows(app: ServiceApp, config: AssistantConfig, engine: Engine, outbox: Outbox) {
  const conversations = await conversationStore(app.mongo, outbox);
  const drafts = await draftStore(app.mongo, outbox);
  const platformFor = platformClients(app, config);
  const ideas = windowLimit(app.redis, {
    prefix: `${config.REDIS_PREFIX}:rl:ideas`,
    points: config.IDEAS_PER_MINUTE,
    windowSeconds: 60,
  });
  return {
    conversations: conversationFlows(conversations),
    turns: turnFlows({ config, engine, conversations, drafts, redis: app.redis, platformFor, log: app.log }),
    drafts: draftFlows(drafts),
    ideas: ideaFlows({ platformFor, take: (id) => ideas.take(id) }),
  };
}

export type AssistantFlows = Awaited<ReturnType<typeof assistantFlows>>;
