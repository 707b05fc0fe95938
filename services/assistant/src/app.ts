// buildApp: the assistant service, Taylor (docs/assistant.md). It never listens. Conversations and drafts are its
// own; its tools call the catalog, the creator service and billing with the creator's token; drafts and support's
// reads go out on `assistant.events` through the outbox relay. The engine is the language model when one is
// configured (LLM_BASE_URL and LLM_MODEL), else the offline engine.
import { endpoints } from '@travelclub/contracts';
import { buildService, registerEndpoints, type ServiceApp } from '@travelclub/kit';
import type { AssistantConfig } from './config.js';
import type { Engine } from './engines/engine.js';
import { createModelEngine } from './engines/model.js';
import { createOfflineEngine } from './engines/offline.js';
import { SYSTEM_PROMPT } from './engines/system-prompt.js';
import { assistantFlows } from './flows/index.js';
import { measureBudget } from './metrics.js';
import { assistantRoutes } from './routes/index.js';

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
    const flows = await assistantFlows(app, config, engine, outbox);
    await outbox.start();
    measureBudget(app, flows.turns.platformTokensToday, config.LLM_PLATFORM_TOKENS_PER_DAY);
    app.log.info({ engine: engine.name }, `Taylor answers with the ${engine.name} engine`);
    registerEndpoints(app, endpoints.assistant, assistantRoutes(flows));
    return app;
  });
}
