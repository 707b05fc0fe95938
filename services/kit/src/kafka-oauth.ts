// The token kafkajs presents for SASL/OAUTHBEARER: fetched from an OAuth 2 token endpoint with the client
// credentials grant (RFC 6749, section 4.4), and reused until shortly before it expires.
import { z } from 'zod';

export interface OAuthClientCredentials {
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  /** Space-separated scopes; left out of the request when unset. */
  scope?: string | undefined;
}

export interface OAuthTokenProviderOptions {
  /** How long one token request may take. */
  timeoutMs?: number;
  /** Injected by tests. */
  fetch?: typeof globalThis.fetch;
  now?: () => number;
}

/** The token endpoint refused the client (a 4xx answer: wrong id or secret, a scope it may not have). */
export class KafkaOAuthTokenRefusedError extends Error {
  override name = 'KafkaOAuthTokenRefusedError';
}

/** The token endpoint could not give a token now (unreachable, a 5xx, an answer without a token). */
export class KafkaOAuthTokenError extends Error {
  override name = 'KafkaOAuthTokenError';
}

const TokenAnswerSchema = z.object({
  access_token: z.string().min(1),
  // Some servers send it as a string.
  expires_in: z.coerce.number().positive().optional(),
});

const ErrorAnswerSchema = z.object({ error: z.string(), error_description: z.string().optional() });

/** How long before its expiry a token is renewed: a tenth of its life, at most a minute. */
export const renewalMarginMs = (lifetimeMs: number) => Math.min(60_000, lifetimeMs / 10);

/**
 * RFC 6749 section 2.3.1: the client authenticates with HTTP Basic, its id and secret each form-encoded
 * first (which every server must accept; sending the secret in the body is only optional for servers).
 */
function basicAuth(clientId: string, clientSecret: string): string {
  const encode = (s: string) => new URLSearchParams({ s }).toString().slice(2);
  return `Basic ${Buffer.from(`${encode(clientId)}:${encode(clientSecret)}`).toString('base64')}`;
}

/**
 * The `oauthBearerProvider` of a kafkajs client. kafkajs asks on every broker connection it authenticates: one
 * token serves them all until shortly before it expires, and connections asking while a request is under way
 * wait for that one. A token answer without `expires_in` is not kept (its lifetime is unknown). Errors name the
 * endpoint and its answer, never the secret.
 */
export function oauthTokenProvider(
  credentials: OAuthClientCredentials,
  { timeoutMs = 10_000, fetch = globalThis.fetch, now = Date.now }: OAuthTokenProviderOptions = {},
): () => Promise<{ value: string }> {
  let cached: { value: string; renewAt: number } | undefined;
  let inFlight: Promise<{ value: string }> | undefined;

  async function requestToken(): Promise<{ value: string }> {
    const body = new URLSearchParams({ grant_type: 'client_credentials' });
    if (credentials.scope) body.set('scope', credentials.scope);
    const askedAt = now();
    let answer: Response;
    try {
      answer = await fetch(credentials.tokenUrl, {
        method: 'POST',
        headers: {
          authorization: basicAuth(credentials.clientId, credentials.clientSecret),
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body,
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      throw new KafkaOAuthTokenError(
        `Kafka OAuth token request to ${credentials.tokenUrl} failed: ${(err as Error).message}`,
        { cause: err },
      );
    }
    const text = await answer.text().catch(() => '');
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    if (!answer.ok) {
      const problem = ErrorAnswerSchema.safeParse(json);
      const why = problem.success
        ? `${problem.data.error}${problem.data.error_description ? ` (${problem.data.error_description})` : ''}`
        : text.slice(0, 200);
      const message = `Kafka OAuth token endpoint ${credentials.tokenUrl} answered ${answer.status}: ${why}`;
      // 408 and 429 say "later"; other 4xx answers will not change by asking again.
      const refused = answer.status >= 400 && answer.status < 500 && ![408, 429].includes(answer.status);
      throw refused ? new KafkaOAuthTokenRefusedError(message) : new KafkaOAuthTokenError(message);
    }
    const token = TokenAnswerSchema.safeParse(json);
    if (!token.success) {
      throw new KafkaOAuthTokenError(`Kafka OAuth token endpoint ${credentials.tokenUrl} answered without a token`);
    }
    const { access_token: value, expires_in: expiresIn } = token.data;
    if (expiresIn !== undefined) {
      const lifetimeMs = expiresIn * 1000;
      // Counted from when it was asked for: the answer may have taken a while.
      cached = { value, renewAt: askedAt + lifetimeMs - renewalMarginMs(lifetimeMs) };
    }
    return { value };
  }

  return async () => {
    if (cached && now() < cached.renewAt) return { value: cached.value };
    cached = undefined;
    inFlight ??= requestToken().finally(() => (inFlight = undefined));
    return inFlight;
  };
}
