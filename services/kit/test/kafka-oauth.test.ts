// The OAUTHBEARER token provider against a local token endpoint: the client credentials request it makes, how
// long it keeps a token, and what it says when the endpoint refuses or is away.
import { afterEach, describe, expect, it } from 'vitest';
import {
  isRetriableStartError,
  kafkaConnection,
  KafkaOAuthTokenError,
  KafkaOAuthTokenRefusedError,
  KafkaSettingsSchema,
  oauthTokenProvider,
  renewalMarginMs,
} from '../src/index.js';
import { startTokenEndpoint, type TokenEndpoint } from './token-endpoint.js';

const endpoints: TokenEndpoint[] = [];
afterEach(async () => {
  await Promise.all(endpoints.splice(0).map((e) => e.close()));
});

/** A client whose id and secret need form-encoding in the Basic header (RFC 6749, section 2.3.1). */
const client = { clientId: 'travelclub:kafka', clientSecret: 'p@ss word+/=' };

async function endpoint(options: Partial<Parameters<typeof startTokenEndpoint>[0]> = {}) {
  const started = await startTokenEndpoint({ ...client, token: (n) => `token-${n}`, expiresIn: 300, ...options });
  endpoints.push(started);
  return started;
}

/** A clock the test moves. */
function clock(start = 1_000_000) {
  let t = start;
  return { now: () => t, advance: (ms: number) => void (t += ms) };
}

describe('the OAUTHBEARER token provider', () => {
  it('asks with the client credentials grant, Basic client authentication and the scope', async () => {
    const server = await endpoint();
    const provider = oauthTokenProvider({ tokenUrl: server.url, ...client, scope: 'kafka:write kafka:read' });
    expect(await provider()).toEqual({ value: 'token-1' });
    expect(server.requests).toEqual([
      {
        ...client,
        grantType: 'client_credentials',
        scope: 'kafka:write kafka:read',
        contentType: 'application/x-www-form-urlencoded',
      },
    ]);
  });

  it('leaves the scope out when none is set', async () => {
    const server = await endpoint();
    await oauthTokenProvider({ tokenUrl: server.url, ...client })();
    expect(server.requests[0]?.scope).toBeNull();
  });

  it('keeps a token until shortly before it expires, then asks for a new one', async () => {
    const server = await endpoint({ expiresIn: '300' });
    const time = clock();
    const provider = oauthTokenProvider({ tokenUrl: server.url, ...client }, { now: time.now });
    const margin = renewalMarginMs(300_000);
    expect(margin).toBe(30_000);

    expect(await provider()).toEqual({ value: 'token-1' });
    time.advance(300_000 - margin - 1);
    expect(await provider()).toEqual({ value: 'token-1' });
    expect(server.requests).toHaveLength(1);
    time.advance(1);
    expect(await provider()).toEqual({ value: 'token-2' });
    expect(server.requests).toHaveLength(2);
    // A long-lived token is renewed a minute before its end.
    expect(renewalMarginMs(3_600_000)).toBe(60_000);
  });

  it('makes one request for the connections that ask at the same time', async () => {
    const server = await endpoint();
    const provider = oauthTokenProvider({ tokenUrl: server.url, ...client });
    const tokens = await Promise.all([provider(), provider(), provider()]);
    expect(tokens.map((t) => t.value)).toEqual(['token-1', 'token-1', 'token-1']);
    expect(server.requests).toHaveLength(1);
  });

  it('does not keep a token whose lifetime it was not told', async () => {
    const server = await endpoint({ expiresIn: undefined });
    const provider = oauthTokenProvider({ tokenUrl: server.url, ...client });
    expect((await provider()).value).toBe('token-1');
    expect((await provider()).value).toBe('token-2');
  });

  it('says what the endpoint answered when it refuses the client, without the secret; start-up gives up', async () => {
    const server = await endpoint();
    const provider = oauthTokenProvider({ tokenUrl: server.url, clientId: 'travelclub:kafka', clientSecret: 'wrong' });
    const err = (await provider().catch((e: unknown) => e)) as Error;
    expect(err).toBeInstanceOf(KafkaOAuthTokenRefusedError);
    expect(err.message).toBe(
      `Kafka OAuth token endpoint ${server.url} answered 401: invalid_client (Client authentication failed)`,
    );
    expect(isRetriableStartError(err)).toBe(false);
  });

  it('reports an endpoint that is away or failing as a passing trouble, and asks again next time', async () => {
    let status: number | undefined = 503;
    const server = await endpoint({ status: () => status });
    const provider = oauthTokenProvider({ tokenUrl: server.url, ...client });
    const failing = (await provider().catch((e: unknown) => e)) as Error;
    expect(failing).toBeInstanceOf(KafkaOAuthTokenError);
    expect(failing.message).toContain('answered 503: temporarily_unavailable');
    expect(isRetriableStartError(failing)).toBe(true);
    status = undefined;
    expect((await provider()).value).toBe('token-2');

    await server.close();
    endpoints.splice(endpoints.indexOf(server), 1);
    const away = oauthTokenProvider({ tokenUrl: server.url, ...client }, { timeoutMs: 2_000 });
    const unreachable = (await away().catch((e: unknown) => e)) as Error;
    expect(unreachable).toBeInstanceOf(KafkaOAuthTokenError);
    expect(unreachable.message).toMatch(
      /^Kafka OAuth token request to http:\/\/127\.0\.0\.1:\d+\/oauth2\/token failed/,
    );
  });

  it('refuses an answer without a token', async () => {
    const server = await endpoint({ token: () => '' });
    const err = (await oauthTokenProvider({ tokenUrl: server.url, ...client })().catch((e: unknown) => e)) as Error;
    expect(err).toBeInstanceOf(KafkaOAuthTokenError);
    expect(err.message).toBe(`Kafka OAuth token endpoint ${server.url} answered without a token`);
  });

  it('is what the settings give kafkajs for oauthbearer', async () => {
    const server = await endpoint();
    const connection = kafkaConnection(
      KafkaSettingsSchema.parse({
        KAFKA_BROKERS: 'kafka.example:9093',
        KAFKA_SSL: 'true',
        KAFKA_SASL_MECHANISM: 'OAUTHBEARER',
        KAFKA_SASL_OAUTH_TOKEN_URL: server.url,
        KAFKA_SASL_OAUTH_CLIENT_ID: client.clientId,
        KAFKA_SASL_OAUTH_CLIENT_SECRET: client.clientSecret,
        KAFKA_SASL_OAUTH_SCOPE: 'kafka',
      }),
    );
    const { sasl } = connection;
    if (sasl?.mechanism !== 'oauthbearer') throw new Error(`not oauthbearer: ${sasl?.mechanism}`);
    expect(await sasl.oauthBearerProvider()).toEqual({ value: 'token-1' });
    expect(server.requests[0]).toMatchObject({ ...client, scope: 'kafka' });
  });
});
