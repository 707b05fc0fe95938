// buildApp: the assistant service, Taylor (docs/assistant.md). It never listens. Conversations and drafts are its
// own; its tools call the catalog, the creator service and billing with the creator's token; drafts and support's
// reads go out on `assistant.events` through the outbox relay. The engine is the language model when one is
// configured (LLM_BASE_URL and LLM_MODEL), else the offline engine.
import { endpoints } from '@travelclub/contracts';
import { buildService, registerEndpoints, windowLimit, type ServiceApp } from '@travelclub/kit';
import { platformClients } from './clients/platform.js';
import type { AssistantConfig } from './config.js';
import type { Engine } from './engines/engine.js';
import { createModelEngine } from './engines/model.js';
import { createOfflineEngine } from './engines/offline.js';
import { SYSTEM_PROMPT } from './engines/system-prompt.js';
import { conversationFlows } from './flows/conversations.js';
import { draftFlows } from './flows/drafts.js';
import { ideaFlows } from './flows/ideas.js';
import { turnFlows } from './flows/turns.js';
import { measureBudget } from './metrics.js';
import { assistantRoutes } from './routes/index.js';
import { conversationStore } from './store/conversations.js';
import { draftStore } from './store/drafts.js';

export type AssistantApp = ServiceApp;

/** The engine the settings choose. */
export function engineOf(config: AssistantConfig): Engine {
  if (!config.LLM_BASE_URL || !config.LLM_MODEL) return createOfflineEngine();
  return createModelEngine({
    baseUrl: config.LLM_BASE_URL,
    model: config.LLM_MODEL,
    ...(config.LLM_API_KEY && { apiKey: config.LLM_API_KEY }),
    timeoutMs: config.LLM_TIMEOUT_MS,
    maxRetries: config.LLM_MAX_RETRIES,
    maxToolCalls: config.MAX_TOOL_CALLS,
    maxOutputTokens: config.LLM_MAX_OUTPUT_TOKENS,
    systemPrompt: SYSTEM_PROMPT,
  });
}

export async function buildApp(config: AssistantConfig, engine: Engine = engineOf(config)): Promise<AssistantApp> {
  const service = { name: 'assistant', config, serviceTokenSecret: config.SERVICE_TOKEN_SECRET };
  return buildService(service, async (app, outbox) => {
    const conversations = await conversationStore(app.mongo, outbox);
    const drafts = await draftStore(app.mongo, outbox);
    await outbox.start();
    const platformFor = platformClients(app, config);
    const turns = turnFlows({ config, engine, conversations, drafts, redis: app.redis, platformFor, log: app.log });
    measureBudget(app, turns.platformTokensToday, config.LLM_PLATFORM_TOKENS_PER_DAY);
    const ideas = windowLimit(app.redis, {
      prefix: `${config.REDIS_PREFIX}:rl:ideas`,
      points: config.IDEAS_PER_MINUTE,
      windowSeconds: 60,
    });
    app.log.info({ engine: engine.name }, `Taylor answers with the ${engine.name} engine`);
    registerEndpoints(
      app,
      endpoints.assistant,
      assistantRoutes({
        conversations: conversationFlows(conversations),
        turns,
        drafts: draftFlows(drafts),
        ideas: ideaFlows({ platformFor, take: (id) => ideas.take(id) }),
      }),
    );
    return app;
  });
}
