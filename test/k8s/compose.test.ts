// docker-compose.yml is a valid Compose file by the Compose Specification's own JSON schema (vendored in schemas/,
// README.md there), checked here without Docker; and its MongoDB and Redis require credentials, which the parts'
// URLs carry, from variables whose defaults .env.example documents.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { read } from './manifests.js';

interface ComposeService {
  image?: string;
  build?: { args?: Record<string, string> };
  command?: string[];
  entrypoint?: string[];
  environment?: Record<string, string | null>;
  ports?: string[];
  healthcheck?: { test: string[] };
}
type Compose = { services: Record<string, ComposeService> } & Record<string, unknown>;

/** The file as Compose reads it: YAML anchors and merge keys resolved (interpolation is Compose's own, later). */
const compose = () => parse(read('docker-compose.yml'), { merge: true }) as Compose;

const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });
// Its $schema names draft-07 by an https address Ajv does not list (it knows the draft as http://...#); Ajv's
// default draft is draft-07, so the schema is compiled without that line.
const { $schema: draft, ...schema } = JSON.parse(
  readFileSync(join(import.meta.dirname, 'schemas', 'compose-spec.json'), 'utf8'),
) as { $schema: string };
const validate = ajv.compile(schema);
const errorsOf = (file: unknown) =>
  validate(file) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`);

/** The defaults .env.example documents, by name. */
const documented = Object.fromEntries(
  read('.env.example')
    .split('\n')
    .filter((line) => /^[A-Z_]+=/.test(line))
    .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
);
/** `${NAME:-default}`, the way this file gives every credential. */
const variable = (name: string) => `\${${name}:-${documented[name]}}`;

describe('docker-compose.yml', () => {
  it('is valid by the Compose Specification’s schema', () => {
    expect(draft).toMatch(/draft-07/);
    expect(errorsOf(compose())).toEqual([]);
  });

  it('would fail the check with a mistake in it (the check can fail)', () => {
    const misspelt = compose();
    const gateway = misspelt.services.gateway as Record<string, unknown>;
    gateway.enviroment = gateway.environment;
    delete gateway.environment;
    expect(errorsOf(misspelt).join('\n')).toMatch(/\/services\/gateway must NOT have additional properties/);

    const wrongType = compose();
    (wrongType.services.redis as Record<string, unknown>).ports = 6379;
    expect(errorsOf(wrongType).join('\n')).toMatch(/\/services\/redis\/ports must be array/);

    expect(errorsOf({ ...compose(), servics: {} }).join('\n')).toMatch(/must NOT have additional properties/);
  });

  it('runs MongoDB with access control: a root user from the variables, and a key file for the replica set', () => {
    const mongo = compose().services.mongo!;
    expect(mongo.environment).toEqual({
      MONGO_INITDB_ROOT_USERNAME: variable('MONGO_USERNAME'),
      MONGO_INITDB_ROOT_PASSWORD: variable('MONGO_PASSWORD'),
    });
    expect(mongo.command).toEqual(expect.arrayContaining(['--replSet', '--keyFile', '/tmp/mongo-keyfile']));
    expect(mongo.entrypoint?.join('\n')).toContain('> /tmp/mongo-keyfile');
    // The health check (which initiates the replica set) signs in too.
    expect(mongo.healthcheck?.test.join(' ')).toContain('-u "$$MONGO_INITDB_ROOT_USERNAME"');
  });

  it('runs Redis with a password from the variables', () => {
    const redis = compose().services.redis!;
    expect(redis.command).toEqual(expect.arrayContaining(['--requirepass', variable('REDIS_PASSWORD')]));
    expect(redis.environment?.REDISCLI_AUTH).toBe(variable('REDIS_PASSWORD'));
  });

  it('gives every part URLs that carry the credentials', () => {
    const mongoUrl = `mongodb://${variable('MONGO_USERNAME')}:${variable('MONGO_PASSWORD')}@mongo:27017/`;
    const redisUrl = `redis://:${variable('REDIS_PASSWORD')}@redis:6379`;
    for (const [name, service] of Object.entries(compose().services)) {
      const env = service.environment ?? {};
      if (env.MONGO_URL !== undefined) expect(env.MONGO_URL, name).toContain(mongoUrl);
      if (env.MONGO_URL !== undefined) expect(env.MONGO_URL, name).toContain('authSource=admin');
      if (env.REDIS_URL !== undefined) expect(env.REDIS_URL, name).toBe(redisUrl);
    }
    expect(Object.keys(documented).sort()).toEqual(['MONGO_PASSWORD', 'MONGO_USERNAME', 'REDIS_PASSWORD']);
  });

  it('publishes the servers on the loopback address only, and builds every part from the Dockerfile', () => {
    const services = compose().services;
    for (const name of ['mongo', 'kafka', 'redis', 'mailpit'])
      for (const port of services[name]!.ports ?? []) expect(port, name).toMatch(/^127\.0\.0\.1:/);
    // No Node image is named here: the parts' images come from the Dockerfile, whose base picks the Node version.
    for (const [name, service] of Object.entries(services)) {
      expect(service.image ?? '', name).not.toMatch(/^node:/);
      if (service.build) expect(service.build.args?.PART, name).toBeDefined();
    }
  });
});
