// How every part reaches Kafka: the brokers, TLS and SASL, parsed from the environment in this one place
// (docs/secure-connections.md). Each setting is checked alone by its schema; the combinations, and the files
// they name, by `kafkaSettingsProblems`, which `loadConfig` and `kafkaConnection` both run, so a service, a
// script or a test that builds its settings by hand all stop at start-up with the same message.
import { readFileSync } from 'node:fs';
import type { ConnectionOptions } from 'node:tls';
import type { SASLOptions } from 'kafkajs';
import { z } from 'zod';
import { oauthTokenProvider, type OAuthTokenProviderOptions } from './kafka-oauth.js';

export const KAFKA_SASL_MECHANISMS = ['plain', 'scram-sha-256', 'scram-sha-512', 'oauthbearer'] as const;
export type KafkaSaslMechanism = (typeof KAFKA_SASL_MECHANISMS)[number];

/** Unset and empty are the same (an overlay or compose file may pass an empty value through). */
const blankIsUnset = (v: string | undefined) => (v === '' ? undefined : v);
const optionalText = () => z.string().optional().transform(blankIsUnset);

/** The Kafka settings, for a config schema's shape (BaseConfigSchema has them all). */
export const kafkaSettingsShape = {
  /** `host:port,host:port`. */
  KAFKA_BROKERS: z
    .string()
    .min(1)
    .transform((s) => s.split(',').map((b) => b.trim())),
  /** `true` turns TLS on, trusting the system's CA store (and NODE_EXTRA_CA_CERTS); unset: on when a file is given. */
  KAFKA_SSL: optionalText()
    .pipe(z.enum(['true', 'false', '1', '0'], { error: 'KAFKA_SSL must be true or false' }).optional())
    .transform((v) => (v === undefined ? undefined : v === 'true' || v === '1')),
  /** The CA certificate(s) to trust instead of the system store (PEM). */
  KAFKA_SSL_CA_FILE: optionalText(),
  /** A client certificate (PEM, the chain after it if any), with its key in KAFKA_SSL_KEY_FILE. */
  KAFKA_SSL_CERT_FILE: optionalText(),
  /** The client certificate's private key (PEM, not encrypted). */
  KAFKA_SSL_KEY_FILE: optionalText(),
  KAFKA_SASL_MECHANISM: optionalText()
    .transform((v) => v?.toLowerCase())
    .pipe(
      z
        .enum(KAFKA_SASL_MECHANISMS, {
          error: (issue) => `unknown SASL mechanism "${String(issue.input)}": use ${KAFKA_SASL_MECHANISMS.join(', ')}`,
        })
        .optional(),
    ),
  KAFKA_SASL_USERNAME: optionalText(),
  KAFKA_SASL_PASSWORD: optionalText(),
  /** OAUTHBEARER: the token endpoint of the client credentials grant. */
  KAFKA_SASL_OAUTH_TOKEN_URL: optionalText().pipe(
    z.url({ protocol: /^https?$/, error: 'KAFKA_SASL_OAUTH_TOKEN_URL must be an http(s) URL' }).optional(),
  ),
  KAFKA_SASL_OAUTH_CLIENT_ID: optionalText(),
  KAFKA_SASL_OAUTH_CLIENT_SECRET: optionalText(),
  /** Space-separated scopes to ask for; unset asks for none (the server's default). */
  KAFKA_SASL_OAUTH_SCOPE: optionalText(),
};

/** The Kafka settings alone: what scripts and benches that only talk to Kafka parse. */
export const KafkaSettingsSchema = z.object(kafkaSettingsShape);
export type KafkaSettings = z.infer<typeof KafkaSettingsSchema>;

/** What kafkajs' `new Kafka()` takes to reach the cluster: spread it into a KafkaConfig. */
export interface KafkaConnection {
  brokers: string[];
  ssl?: ConnectionOptions | true;
  sasl?: SASLOptions;
}

export interface KafkaSettingsProblem {
  setting: keyof KafkaSettings;
  message: string;
}

/** Thrown by `kafkaConnection` for settings that do not fit together; its message names each problem. */
export class KafkaSettingsError extends Error {
  override name = 'KafkaSettingsError';
  constructor(readonly problems: KafkaSettingsProblem[]) {
    super(`Invalid Kafka settings:\n${problems.map((p) => `  ${p.setting}: ${p.message}`).join('\n')}`);
  }
}

const FILE_SETTINGS = ['KAFKA_SSL_CA_FILE', 'KAFKA_SSL_CERT_FILE', 'KAFKA_SSL_KEY_FILE'] as const;
const CREDENTIAL_SETTINGS = ['KAFKA_SASL_USERNAME', 'KAFKA_SASL_PASSWORD'] as const;
const OAUTH_SETTINGS = [
  'KAFKA_SASL_OAUTH_TOKEN_URL',
  'KAFKA_SASL_OAUTH_CLIENT_ID',
  'KAFKA_SASL_OAUTH_CLIENT_SECRET',
  'KAFKA_SASL_OAUTH_SCOPE',
] as const;

/** A PEM file's text, or why it cannot serve as a `kind` file. */
function readPem(path: string, kind: 'certificate' | 'key'): { pem: string } | { problem: string } {
  let pem: string;
  try {
    pem = readFileSync(path, 'utf8');
  } catch (err) {
    const { code, message } = err as NodeJS.ErrnoException;
    return { problem: `cannot read ${path} (${code ?? message})` };
  }
  if (kind === 'certificate' && !pem.includes('-----BEGIN CERTIFICATE-----')) {
    return { problem: `${path} holds no PEM certificate (-----BEGIN CERTIFICATE-----)` };
  }
  if (kind === 'key') {
    // There is no passphrase setting: the key comes unencrypted, protected by where it is mounted (a Secret).
    if (/-----BEGIN ENCRYPTED PRIVATE KEY-----|Proc-Type: 4,ENCRYPTED/.test(pem)) {
      return { problem: `${path} holds an encrypted key; give the key unencrypted` };
    }
    if (!/-----BEGIN (RSA |EC )?PRIVATE KEY-----/.test(pem)) {
      return { problem: `${path} holds no PEM private key (-----BEGIN PRIVATE KEY-----)` };
    }
  }
  return { pem };
}

interface Plan {
  problems: KafkaSettingsProblem[];
  connection: KafkaConnection;
}

function plan(settings: KafkaSettings, oauth: OAuthTokenProviderOptions): Plan {
  const problems: KafkaSettingsProblem[] = [];
  const problem = (setting: keyof KafkaSettings, message: string) => problems.push({ setting, message });
  const set = (name: keyof KafkaSettings) => settings[name] !== undefined;
  const connection: KafkaConnection = { brokers: settings.KAFKA_BROKERS };

  // TLS: on when asked for or when any file is given; a file with TLS turned off is a contradiction.
  const files = FILE_SETTINGS.filter(set);
  if (settings.KAFKA_SSL === false && files.length > 0) {
    const ask = files.length === 1 ? 'asks' : 'ask';
    problem('KAFKA_SSL', `is false, but ${files.join(' and ')} ${ask} for TLS: set KAFKA_SSL=true or leave it unset`);
  }
  if (set('KAFKA_SSL_CERT_FILE') !== set('KAFKA_SSL_KEY_FILE')) {
    const [given, missing] = set('KAFKA_SSL_CERT_FILE')
      ? (['KAFKA_SSL_CERT_FILE', 'KAFKA_SSL_KEY_FILE'] as const)
      : (['KAFKA_SSL_KEY_FILE', 'KAFKA_SSL_CERT_FILE'] as const);
    problem(missing, `is needed with ${given} (a client certificate and its key come together)`);
  }
  if (settings.KAFKA_SSL === true || files.length > 0) {
    const tls: ConnectionOptions = {};
    const read = (setting: (typeof FILE_SETTINGS)[number], kind: 'certificate' | 'key') => {
      const path = settings[setting];
      if (path === undefined) return undefined;
      const result = readPem(path, kind);
      if ('problem' in result) problem(setting, result.problem);
      return 'pem' in result ? result.pem : undefined;
    };
    // A CA file replaces the system store (Node's `ca`): a private CA is trusted alone, as a Java truststore is.
    const ca = read('KAFKA_SSL_CA_FILE', 'certificate');
    const cert = read('KAFKA_SSL_CERT_FILE', 'certificate');
    const key = read('KAFKA_SSL_KEY_FILE', 'key');
    if (ca) tls.ca = ca;
    if (cert) tls.cert = cert;
    if (key) tls.key = key;
    connection.ssl = Object.keys(tls).length > 0 ? tls : true;
  }

  // SASL: the mechanism decides which of the other settings it needs; settings it would ignore are mistakes.
  const mechanism = settings.KAFKA_SASL_MECHANISM;
  const given = (names: readonly (keyof KafkaSettings)[]) => names.filter(set);
  if (mechanism === undefined) {
    for (const name of given([...CREDENTIAL_SETTINGS, ...OAUTH_SETTINGS])) {
      problem(name, `is set, but KAFKA_SASL_MECHANISM is not (${KAFKA_SASL_MECHANISMS.join(', ')})`);
    }
  } else if (mechanism === 'oauthbearer') {
    for (const name of given(CREDENTIAL_SETTINGS)) {
      problem(name, 'is not used by oauthbearer (it takes KAFKA_SASL_OAUTH_CLIENT_ID and _SECRET)');
    }
    const required = ['KAFKA_SASL_OAUTH_TOKEN_URL', 'KAFKA_SASL_OAUTH_CLIENT_ID', 'KAFKA_SASL_OAUTH_CLIENT_SECRET'];
    for (const name of OAUTH_SETTINGS.filter((n) => required.includes(n) && !set(n))) {
      problem(name, 'is needed with KAFKA_SASL_MECHANISM=oauthbearer');
    }
    const { KAFKA_SASL_OAUTH_TOKEN_URL: tokenUrl, KAFKA_SASL_OAUTH_CLIENT_ID: clientId } = settings;
    const { KAFKA_SASL_OAUTH_CLIENT_SECRET: clientSecret, KAFKA_SASL_OAUTH_SCOPE: scope } = settings;
    if (tokenUrl && clientId && clientSecret) {
      const provider = oauthTokenProvider({ tokenUrl, clientId, clientSecret, scope }, oauth);
      connection.sasl = { mechanism, oauthBearerProvider: provider };
    }
  } else {
    for (const name of given(OAUTH_SETTINGS)) problem(name, `is only for oauthbearer, not ${mechanism}`);
    for (const name of CREDENTIAL_SETTINGS.filter((n) => !set(n))) {
      problem(name, `is needed with KAFKA_SASL_MECHANISM=${mechanism}`);
    }
    const { KAFKA_SASL_USERNAME: username, KAFKA_SASL_PASSWORD: password } = settings;
    if (username && password) connection.sasl = { mechanism, username, password };
  }
  return { problems, connection };
}

/** What does not fit together in `settings`, and files that cannot be read or are not what they should be. */
export function kafkaSettingsProblems(settings: KafkaSettings): KafkaSettingsProblem[] {
  return plan(settings, {}).problems;
}

/**
 * The brokers, TLS options (file contents read now, once) and SASL options for kafkajs; throws a
 * KafkaSettingsError naming every problem when the settings do not fit together. `oauth` is for tests.
 */
export function kafkaConnection(settings: KafkaSettings, oauth: OAuthTokenProviderOptions = {}): KafkaConnection {
  const { problems, connection } = plan(settings, oauth);
  if (problems.length > 0) throw new KafkaSettingsError(problems);
  return connection;
}

/** The Kafka settings of an environment (`process.env` by default), for scripts and benches. */
export function kafkaConnectionFromEnv(env: NodeJS.ProcessEnv = process.env): KafkaConnection {
  const result = KafkaSettingsSchema.safeParse(env);
  if (!result.success) {
    throw new Error(
      `Invalid Kafka settings:\n${result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n')}`,
    );
  }
  return kafkaConnection(result.data);
}

/** One line for logs: how the connection is secured, without secrets. */
export function describeKafkaConnection({ brokers, ssl, sasl }: KafkaConnection): string {
  const tls =
    ssl === undefined
      ? 'no TLS'
      : ssl === true || !ssl.ca
        ? `TLS (system CA store${ssl !== true && ssl.cert ? ', client certificate' : ''})`
        : `TLS (CA file${ssl.cert ? ', client certificate' : ''})`;
  const auth =
    sasl === undefined
      ? 'no SASL'
      : 'username' in sasl
        ? `SASL ${sasl.mechanism} as ${sasl.username}`
        : `SASL ${sasl.mechanism}`;
  return `${brokers.join(',')}: ${tls}, ${auth}`;
}
