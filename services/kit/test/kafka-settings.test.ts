// The Kafka settings: what each combination gives kafkajs, and the start-up error of each that does not fit.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  BaseConfigSchema,
  connectedServiceConfigSchema,
  createService,
  describeKafkaConnection,
  kafkaConnection,
  kafkaConnectionFromEnv,
  KafkaSettingsError,
  loadConfig,
} from '../src/index.js';
import { testConfig } from '../src/testing/index.js';

const dir = mkdtempSync(join(tmpdir(), 'kafka-settings-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};
const pem = (label: string) => `-----BEGIN ${label}-----\nAAAA\n-----END ${label}-----\n`;
const ca = file('ca.pem', pem('CERTIFICATE'));
const cert = file('client.pem', pem('CERTIFICATE'));
const key = file('client.key', pem('PRIVATE KEY'));

const base = { MONGO_URL: 'mongodb://m', KAFKA_BROKERS: 'k1:9093, k2:9093', REDIS_URL: 'redis://r' };
const connectionOf = (env: Record<string, string>) => kafkaConnectionFromEnv({ KAFKA_BROKERS: 'k1:9093', ...env });
/** The start-up error of a service with these settings. */
const configError = (env: Record<string, string>) => {
  try {
    loadConfig(BaseConfigSchema, { ...base, ...env });
  } catch (err) {
    return (err as Error).message;
  }
  throw new Error('the configuration was accepted');
};

describe('Kafka connection settings', () => {
  it('gives plain brokers when nothing else is set', () => {
    const config = loadConfig(BaseConfigSchema, base);
    expect(kafkaConnection(config)).toEqual({ brokers: ['k1:9093', 'k2:9093'] });
    expect(describeKafkaConnection(kafkaConnection(config))).toBe('k1:9093,k2:9093: no TLS, no SASL');
  });

  it('turns TLS on with the system CA store for KAFKA_SSL=true', () => {
    expect(connectionOf({ KAFKA_SSL: 'true' })).toEqual({ brokers: ['k1:9093'], ssl: true });
    expect(connectionOf({ KAFKA_SSL: 'false' })).toEqual({ brokers: ['k1:9093'] });
  });

  it('reads the CA, certificate and key files, each of which implies TLS', () => {
    expect(connectionOf({ KAFKA_SSL_CA_FILE: ca }).ssl).toEqual({ ca: pem('CERTIFICATE') });
    const mutual = connectionOf({ KAFKA_SSL_CERT_FILE: cert, KAFKA_SSL_KEY_FILE: key });
    expect(mutual.ssl).toEqual({ cert: pem('CERTIFICATE'), key: pem('PRIVATE KEY') });
    expect(describeKafkaConnection(mutual)).toBe('k1:9093: TLS (system CA store, client certificate), no SASL');
  });

  it.each(['plain', 'scram-sha-256', 'scram-sha-512', 'SCRAM-SHA-512'])('takes SASL %s with a username', (m) => {
    const connection = connectionOf({
      KAFKA_SSL_CA_FILE: ca,
      KAFKA_SASL_MECHANISM: m,
      KAFKA_SASL_USERNAME: 'app',
      KAFKA_SASL_PASSWORD: 's3cret',
    });
    expect(connection.sasl).toEqual({ mechanism: m.toLowerCase(), username: 'app', password: 's3cret' });
    expect(describeKafkaConnection(connection)).toBe(`k1:9093: TLS (CA file), SASL ${m.toLowerCase()} as app`);
  });

  it('gives OAUTHBEARER a token provider', () => {
    const { sasl } = connectionOf({
      KAFKA_SSL: 'true',
      KAFKA_SASL_MECHANISM: 'oauthbearer',
      KAFKA_SASL_OAUTH_TOKEN_URL: 'https://login.example/oauth2/token',
      KAFKA_SASL_OAUTH_CLIENT_ID: 'id',
      KAFKA_SASL_OAUTH_CLIENT_SECRET: 'secret',
    });
    expect(sasl).toMatchObject({ mechanism: 'oauthbearer', oauthBearerProvider: expect.any(Function) });
  });

  it('takes empty values as unset', () => {
    const config = loadConfig(BaseConfigSchema, {
      ...base,
      KAFKA_SSL: '',
      KAFKA_SSL_CA_FILE: '',
      KAFKA_SASL_MECHANISM: '',
      KAFKA_SASL_USERNAME: '',
      KAFKA_SASL_OAUTH_TOKEN_URL: '',
    });
    expect(kafkaConnection(config)).toEqual({ brokers: ['k1:9093', 'k2:9093'] });
  });
});

describe('Kafka settings that do not fit', () => {
  it.each([
    [{ KAFKA_SSL_CERT_FILE: cert }, 'KAFKA_SSL_KEY_FILE: is needed with KAFKA_SSL_CERT_FILE'],
    [{ KAFKA_SSL_KEY_FILE: key }, 'KAFKA_SSL_CERT_FILE: is needed with KAFKA_SSL_KEY_FILE'],
    [{ KAFKA_SSL: 'false', KAFKA_SSL_CA_FILE: ca }, 'KAFKA_SSL: is false, but KAFKA_SSL_CA_FILE asks for TLS'],
    [{ KAFKA_SSL: 'yes' }, 'KAFKA_SSL: KAFKA_SSL must be true or false'],
    [{ KAFKA_SSL_CA_FILE: join(dir, 'missing.pem') }, `KAFKA_SSL_CA_FILE: cannot read ${dir}/missing.pem (ENOENT)`],
    [{ KAFKA_SSL_CA_FILE: dir }, `KAFKA_SSL_CA_FILE: cannot read ${dir} (EISDIR)`],
    [{ KAFKA_SSL_CA_FILE: key }, `KAFKA_SSL_CA_FILE: ${key} holds no PEM certificate`],
    [{ KAFKA_SSL_CERT_FILE: cert, KAFKA_SSL_KEY_FILE: cert }, `KAFKA_SSL_KEY_FILE: ${cert} holds no PEM private key`],
    [
      { KAFKA_SSL_CERT_FILE: cert, KAFKA_SSL_KEY_FILE: file('enc.key', pem('ENCRYPTED PRIVATE KEY')) },
      'holds an encrypted key; give the key unencrypted',
    ],
    [
      { KAFKA_SASL_MECHANISM: 'gssapi' },
      'KAFKA_SASL_MECHANISM: unknown SASL mechanism "gssapi": use plain, scram-sha-256, scram-sha-512, oauthbearer',
    ],
    [
      { KAFKA_SASL_MECHANISM: 'scram-sha-512', KAFKA_SASL_PASSWORD: 'p' },
      'KAFKA_SASL_USERNAME: is needed with KAFKA_SASL_MECHANISM=scram-sha-512',
    ],
    [{ KAFKA_SASL_MECHANISM: 'plain', KAFKA_SASL_USERNAME: 'u' }, 'KAFKA_SASL_PASSWORD: is needed with'],
    [
      { KAFKA_SASL_USERNAME: 'u', KAFKA_SASL_PASSWORD: 'p' },
      'KAFKA_SASL_USERNAME: is set, but KAFKA_SASL_MECHANISM is not',
    ],
    [
      {
        KAFKA_SASL_MECHANISM: 'plain',
        KAFKA_SASL_USERNAME: 'u',
        KAFKA_SASL_PASSWORD: 'p',
        KAFKA_SASL_OAUTH_SCOPE: 's',
      },
      'KAFKA_SASL_OAUTH_SCOPE: is only for oauthbearer, not plain',
    ],
    [
      { KAFKA_SASL_MECHANISM: 'oauthbearer', KAFKA_SASL_OAUTH_CLIENT_ID: 'id', KAFKA_SASL_OAUTH_CLIENT_SECRET: 's' },
      'KAFKA_SASL_OAUTH_TOKEN_URL: is needed with KAFKA_SASL_MECHANISM=oauthbearer',
    ],
    [
      {
        KAFKA_SASL_MECHANISM: 'oauthbearer',
        KAFKA_SASL_USERNAME: 'u',
        KAFKA_SASL_OAUTH_TOKEN_URL: 'https://login.example/token',
        KAFKA_SASL_OAUTH_CLIENT_ID: 'id',
        KAFKA_SASL_OAUTH_CLIENT_SECRET: 's',
      },
      'KAFKA_SASL_USERNAME: is not used by oauthbearer',
    ],
    [
      { KAFKA_SASL_MECHANISM: 'oauthbearer', KAFKA_SASL_OAUTH_TOKEN_URL: 'ftp://login.example/token' },
      'KAFKA_SASL_OAUTH_TOKEN_URL: KAFKA_SASL_OAUTH_TOKEN_URL must be an http(s) URL',
    ],
  ])('stops the start for %o', (env, problem) => {
    const message = configError(env);
    expect(message).toMatch(/^Invalid configuration:\n/);
    expect(message).toContain(problem);
  });

  it('names every problem at once, and never a secret', () => {
    const message = configError({
      KAFKA_SSL_CERT_FILE: cert,
      KAFKA_SASL_MECHANISM: 'oauthbearer',
      KAFKA_SASL_PASSWORD: 'do-not-print-me',
      KAFKA_SASL_OAUTH_CLIENT_SECRET: 'nor-me',
    });
    expect(message.split('\n').slice(1)).toEqual([
      '  KAFKA_SSL_KEY_FILE: is needed with KAFKA_SSL_CERT_FILE (a client certificate and its key come together)',
      '  KAFKA_SASL_PASSWORD: is not used by oauthbearer (it takes KAFKA_SASL_OAUTH_CLIENT_ID and _SECRET)',
      '  KAFKA_SASL_OAUTH_TOKEN_URL: is needed with KAFKA_SASL_MECHANISM=oauthbearer',
      '  KAFKA_SASL_OAUTH_CLIENT_ID: is needed with KAFKA_SASL_MECHANISM=oauthbearer',
    ]);
    expect(message).not.toMatch(/do-not-print-me|nor-me/);
  });

  it('stops services whose schema extends the base one, with their own problems in the same list', () => {
    const schema = connectedServiceConfigSchema({});
    expect(() =>
      loadConfig(schema, { ...base, PORT: 'x', KAFKA_SASL_MECHANISM: 'scram-sha-256', KAFKA_SASL_USERNAME: 'u' }),
    ).toThrow(/Invalid configuration:\n {2}PORT: .*/);
    expect(() =>
      loadConfig(schema, { ...base, KAFKA_SASL_MECHANISM: 'scram-sha-256', KAFKA_SASL_USERNAME: 'u' }),
    ).toThrow('KAFKA_SASL_PASSWORD: is needed with KAFKA_SASL_MECHANISM=scram-sha-256');
  });

  it('stops scripts (kafkaConnectionFromEnv) and hand-made configs (createService) the same way', async () => {
    expect(() => kafkaConnectionFromEnv({ KAFKA_BROKERS: 'k:9093', KAFKA_SSL_KEY_FILE: key })).toThrow(
      KafkaSettingsError,
    );
    expect(() => kafkaConnectionFromEnv({ KAFKA_SASL_MECHANISM: 'plain' })).toThrow(/KAFKA_BROKERS/);
    // A config parsed without loadConfig (testConfig does so) is checked when the service makes its Kafka client.
    const config = testConfig('kit-unfit', { KAFKA_SSL_CERT_FILE: cert });
    await expect(createService({ name: 'kit-unfit', config })).rejects.toThrow(
      new KafkaSettingsError([
        {
          setting: 'KAFKA_SSL_KEY_FILE',
          message: 'is needed with KAFKA_SSL_CERT_FILE (a client certificate and its key come together)',
        },
      ]),
    );
  });
});
