// The assistant's settings: the kit's, where the services Taylor's tools call answer, the language model (none:
// the offline engine), and Taylor's limits.
import { connectedServiceConfigSchema, portSetting, positiveIntSetting, serviceUrlSetting } from '@travelclub/kit';
import { z } from 'zod';

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((s) => s || undefined);

export const AssistantConfigSchema = connectedServiceConfigSchema({
  PORT: portSetting(3006),
  /** The services Taylor's tools call, directly and with the creator's own token (never the gateway). */
  CATALOG_URL: serviceUrlSetting(3002),
  CREATOR_URL: serviceUrlSetting(3005),
  BILLING_URL: serviceUrlSetting(3004),
  /** How long one tool's call to a service may take. */
  CALL_TIMEOUT_MS: positiveIntSetting(5_000),
  /**
   * An OpenAI-compatible chat-completions server (a hosted provider, Ollama, llama.cpp's server, vLLM), e.g.
   * `http://127.0.0.1:11434/v1`. With no URL or no model Taylor uses the offline engine.
   */
  LLM_BASE_URL: optionalText.pipe(z.url().optional()),
  LLM_MODEL: optionalText,
  /** Sent as the bearer token; local servers usually need none. */
  LLM_API_KEY: optionalText,
  /** How long one call to the model may take, the whole stream included. */
  LLM_TIMEOUT_MS: positiveIntSetting(60_000),
  /** Extra tries of a call the model's server refused with 429 or 5xx, or did not answer. */
  LLM_MAX_RETRIES: z.coerce.number().int().min(0).max(5).default(2),
  /** Model tokens (prompt and answer) one conversation may use, and one creator in a UTC day. */
  LLM_TOKENS_PER_CONVERSATION: positiveIntSetting(60_000),
  LLM_TOKENS_PER_DAY: positiveIntSetting(200_000),
  /**
   * Model tokens all creators together may use in a UTC day: the platform's bill has a ceiling, however many
   * accounts become creators.
   */
  LLM_PLATFORM_TOKENS_PER_DAY: positiveIntSetting(5_000_000),
  /** Model turns one client address (as the gateway forwards it) may start in an hour, whichever accounts send them. */
  LLM_TURNS_PER_ADDRESS_PER_HOUR: positiveIntSetting(60),
  /** The longest answer one model request may ask for (`max_tokens`); servers refuse more than the model allows. */
  LLM_MAX_OUTPUT_TOKENS: positiveIntSetting(2_048),
  /** Model tokens one turn may use: reserved from the day's allowance when it starts, the rest given back after. */
  LLM_TOKENS_PER_TURN: positiveIntSetting(20_000),
  /** Tool calls one answer may make before Taylor stops and says so. */
  MAX_TOOL_CALLS: positiveIntSetting(8),
  /** Messages one creator may send a minute, and destination-idea calls. */
  MESSAGES_PER_MINUTE: positiveIntSetting(12),
  IDEAS_PER_MINUTE: positiveIntSetting(30),
  /** Redis key prefix of the rate limits and the turns in progress. */
  REDIS_PREFIX: z.string().default('assistant'),
});
export type AssistantConfig = z.infer<typeof AssistantConfigSchema>;
