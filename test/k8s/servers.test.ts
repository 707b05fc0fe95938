// How the parts reach MongoDB, Kafka and Redis once deployed: the production overlay over TLS with credentials
// from the operator's Secret (and no secret in the repository), the operators overlay from the servers their
// operators run in the cluster, each part with its own users. The settings' names are the services' own.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  byKind,
  type Container,
  type EnvVar,
  type K8sObject,
  named,
  read,
  render,
  requireKubectl,
  settingsOf,
  type Workload,
} from './manifests.js';

/** Every setting about the servers that a part may be given (the services' configuration reads these). */
const SERVER_SETTINGS = [
  'MONGO_URL',
  'MONGO_DB',
  'REDIS_URL',
  'KAFKA_BROKERS',
  'KAFKA_PARTITIONS',
  'KAFKA_TOPIC_PREFIX',
  'KAFKA_SSL',
  'KAFKA_SSL_CA_FILE',
  'KAFKA_SSL_CERT_FILE',
  'KAFKA_SSL_KEY_FILE',
  'KAFKA_SASL_MECHANISM',
  'KAFKA_SASL_USERNAME',
  'KAFKA_SASL_PASSWORD',
];
const SASL_MECHANISMS = ['plain', 'scram-sha-256', 'scram-sha-512', 'oauthbearer'];
const SECRET = 'travelclub-secrets';

let production: K8sObject[] = [];
let operators: K8sObject[] = [];
beforeAll(() => {
  requireKubectl();
  production = render('k8s/overlays/production');
  operators = render('k8s/overlays/operators');
});

const containerOf = (deployment: Workload) => deployment.spec.template.spec.containers[0]!;
const envOf = (container: Container) => new Map((container.env ?? []).map((e) => [e.name, e]));
/** The parts that read a setting, by name. */
const readers = (objects: K8sObject[], setting: string) =>
  byKind<Workload>(objects, 'Deployment').filter((d) => envOf(containerOf(d)).has(setting));
const secretRef = (env: EnvVar | undefined) => env?.valueFrom?.secretKeyRef;
/** The volume (and its secret) mounted where `path` lies. */
function mountedAt(deployment: Workload, path: string) {
  const mount = (containerOf(deployment).volumeMounts ?? []).find((m) => path.startsWith(`${m.mountPath}/`));
  return {
    mount,
    volume: deployment.spec.template.spec.volumes?.find((v) => v.name === mount?.name),
  };
}

describe('the production overlay', () => {
  it('holds no secret: the operator creates them (README.md lists the commands)', () => {
    expect(byKind(production, 'Secret')).toEqual([]);
    const readme = read('k8s/README.md');
    for (const key of ['MONGO_URL', 'REDIS_URL', 'KAFKA_BROKERS', 'KAFKA_SASL_USERNAME', 'KAFKA_SASL_PASSWORD'])
      expect(readme).toMatch(new RegExp(`--from-literal=${key}=`));
    expect(readme).toContain('kubectl -n travelclub create secret generic travelclub-kafka-tls');
  });

  it('reads MongoDB, Kafka and Redis from the Secret, Kafka over TLS with SASL', () => {
    const settings = settingsOf(production);
    expect(settings.KAFKA_SSL).toBe('true');
    expect(SASL_MECHANISMS).toContain(settings.KAFKA_SASL_MECHANISM);
    const kafkaParts = readers(production, 'KAFKA_BROKERS');
    expect(kafkaParts.map((d) => d.metadata.name).sort()).toEqual(
      ['assistant', 'auth', 'billing', 'catalog', 'creator', 'itinerary', 'notifications'].sort(),
    );
    for (const setting of ['MONGO_URL', 'KAFKA_BROKERS', 'REDIS_URL', 'KAFKA_SASL_USERNAME', 'KAFKA_SASL_PASSWORD'])
      for (const deployment of readers(production, setting))
        expect(secretRef(envOf(containerOf(deployment)).get(setting))?.name, deployment.metadata.name).toBe(SECRET);
    for (const deployment of kafkaParts) {
      const env = envOf(containerOf(deployment));
      expect(env.has('KAFKA_SASL_USERNAME') && env.has('KAFKA_SASL_PASSWORD'), deployment.metadata.name).toBe(true);
      // The certificate files' Secret, where KAFKA_SSL_*_FILE point when set.
      const { mount, volume } = mountedAt(deployment, '/etc/travelclub/kafka-tls/ca.crt');
      expect(mount?.readOnly, deployment.metadata.name).toBe(true);
      expect(volume?.secret?.secretName, deployment.metadata.name).toBe('travelclub-kafka-tls');
    }
    // The certificate files are named in the settings file, ready to be set, under that mount.
    const file = read('k8s/overlays/production/settings.env');
    for (const setting of ['KAFKA_SSL_CA_FILE', 'KAFKA_SSL_CERT_FILE', 'KAFKA_SSL_KEY_FILE'])
      expect(file).toMatch(new RegExp(`^# ${setting}=/etc/travelclub/kafka-tls/`, 'm'));
  });

  it('uses the services’ names for the servers’ settings, and no other', () => {
    for (const objects of [production, operators]) {
      const names = new Set<string>(Object.keys(settingsOf(objects)));
      for (const deployment of byKind<Workload>(objects, 'Deployment'))
        for (const env of containerOf(deployment).env ?? []) names.add(env.name);
      const servers = [...names].filter((name) => /^(MONGO|KAFKA|REDIS)_/.test(name));
      // REDIS_PASSWORD: the operators overlay's, only to build REDIS_URL.
      for (const name of servers) expect([...SERVER_SETTINGS, 'REDIS_PASSWORD'], name).toContain(name);
    }
  });
});

describe('the operators overlay', () => {
  interface Listener {
    name: string;
    port: number;
    tls: boolean;
    authentication?: { type: string };
    networkPolicyPeers?: { podSelector: { matchExpressions: { key: string; values: string[] }[] } }[];
  }
  type Kafka = K8sObject & { spec: { kafka: { listeners: Listener[] }; entityOperator?: { userOperator?: object } } };
  type KafkaUser = K8sObject & { spec: { authentication: { type: string } } };
  interface MongoUser {
    name: string;
    db: string;
    passwordSecretRef: { name: string };
    connectionStringSecretName?: string;
    roles: { name: string; db: string }[];
  }
  type Mongo = K8sObject & { spec: { users: MongoUser[]; security: { authentication: { modes: string[] } } } };
  type Policy = K8sObject & {
    spec: {
      podSelector: { matchLabels: Record<string, string> };
      ingress: { from: { podSelector: { matchExpressions?: { values: string[] }[] } }[] }[];
    };
  };
  const admitted = (policy: Policy | undefined) =>
    (policy?.spec.ingress ?? [])
      .flatMap((rule) => rule.from)
      .flatMap((peer) => peer.podSelector.matchExpressions ?? [])
      .flatMap((expression) => expression.values)
      .sort();
  const names = (deployments: Workload[]) => deployments.map((d) => d.metadata.name).sort();

  it('runs a Strimzi Kafka with a TLS listener and a SCRAM-SHA-512 user per part that uses Kafka', () => {
    const [kafka, ...more] = byKind<Kafka>(operators, 'Kafka');
    expect(more).toEqual([]);
    const listener = kafka!.spec.kafka.listeners.find((l) => l.authentication?.type === 'scram-sha-512')!;
    expect(listener.tls).toBe(true);
    expect(kafka!.spec.entityOperator?.userOperator).toBeDefined();
    const users = byKind<KafkaUser>(operators, 'KafkaUser');
    for (const user of users) {
      expect(user.metadata.labels?.['strimzi.io/cluster'], user.metadata.name).toBe(kafka!.metadata.name);
      expect(user.spec.authentication.type, user.metadata.name).toBe('scram-sha-512');
    }
    for (const pool of byKind(operators, 'KafkaNodePool'))
      expect(pool.metadata.labels?.['strimzi.io/cluster']).toBe(kafka!.metadata.name);

    const settings = settingsOf(operators);
    expect(settings.KAFKA_SSL).toBe('true');
    expect(settings.KAFKA_SASL_MECHANISM).toBe('scram-sha-512');
    const parts = readers(operators, 'KAFKA_BROKERS');
    const namespace = kafka!.metadata.namespace!;
    expect(users).toHaveLength(parts.length);
    for (const deployment of parts) {
      const part = deployment.metadata.name;
      const env = envOf(containerOf(deployment));
      expect(env.get('KAFKA_BROKERS')?.value, part).toBe(
        `${kafka!.metadata.name}-kafka-bootstrap.${namespace}.svc.cluster.local:${listener.port}`,
      );
      // Its own user, and the password from the Secret Strimzi names after the user.
      const username = env.get('KAFKA_SASL_USERNAME')?.value;
      expect(
        users.map((u) => u.metadata.name),
        part,
      ).toContain(username);
      expect(secretRef(env.get('KAFKA_SASL_PASSWORD')), part).toEqual({ name: username, key: 'password' });
      // The brokers' certificate is checked against the cluster CA Strimzi keeps in <cluster>-cluster-ca-cert.
      const { volume } = mountedAt(deployment, settings.KAFKA_SSL_CA_FILE!);
      expect(volume?.secret?.secretName, part).toBe(`${kafka!.metadata.name}-cluster-ca-cert`);
      expect(
        volume?.secret?.items?.map((item) => item.key),
        part,
      ).toEqual(['ca.crt']);
    }
    // Strimzi's own NetworkPolicy for the listener admits exactly these parts.
    const peers = (listener.networkPolicyPeers ?? []).flatMap((p) => p.podSelector.matchExpressions);
    expect(peers.flatMap((e) => e.values).sort()).toEqual(names(parts));
  });

  it('runs a MongoDB Community replica set with a SCRAM user per part, allowed its own database alone', () => {
    const [mongo, ...more] = byKind<Mongo>(operators, 'MongoDBCommunity');
    expect(more).toEqual([]);
    expect(mongo!.spec.security.authentication.modes).toEqual(['SCRAM']);
    const parts = readers(operators, 'MONGO_URL');
    expect(mongo!.spec.users).toHaveLength(parts.length);
    for (const deployment of parts) {
      const part = deployment.metadata.name;
      const env = envOf(containerOf(deployment));
      const ref = secretRef(env.get('MONGO_URL'));
      const user = mongo!.spec.users.find((u) => u.connectionStringSecretName === ref?.name);
      expect(ref?.key, part).toBe('connectionString.standard');
      expect(user?.roles, part).toEqual([{ name: 'readWrite', db: env.get('MONGO_DB')?.value }]);
    }
    const mongoPolicy = named<Policy>(operators, 'NetworkPolicy', 'mongodb');
    expect(mongoPolicy?.spec.podSelector.matchLabels).toEqual({ app: `${mongo!.metadata.name}-svc` });
    expect(admitted(mongoPolicy)).toEqual(names(parts));
  });

  it('runs Redis with a password, which every part’s REDIS_URL carries', () => {
    const redis = named<Workload>(operators, 'StatefulSet', 'redis')!;
    const server = containerOf(redis);
    expect(server.env?.find((e) => e.name === 'REDIS_PASSWORD')?.valueFrom?.secretKeyRef).toEqual({
      name: 'travelclub-redis',
      key: 'password',
    });
    expect((server as Container & { args: string[] }).args.join(' ')).toContain('--requirepass $(REDIS_PASSWORD)');
    const parts = readers(operators, 'REDIS_URL');
    for (const deployment of parts) {
      const part = deployment.metadata.name;
      const env = containerOf(deployment).env ?? [];
      const password = env.findIndex((e) => e.name === 'REDIS_PASSWORD');
      const url = env.findIndex((e) => e.name === 'REDIS_URL');
      // The kubelet expands $(REDIS_PASSWORD) only from a variable defined before it.
      expect(password, part).toBeGreaterThanOrEqual(0);
      expect(password, part).toBeLessThan(url);
      expect(secretRef(env[password])?.name, part).toBe('travelclub-redis');
      expect(env[url]?.value, part).toBe('redis://:$(REDIS_PASSWORD)@redis.travelclub.svc.cluster.local:6379');
    }
    expect(admitted(named<Policy>(operators, 'NetworkPolicy', 'redis'))).toEqual(names(parts));
  });

  it('takes no server’s address or credentials from travelclub-secrets', () => {
    for (const deployment of byKind<Workload>(operators, 'Deployment'))
      for (const env of containerOf(deployment).env ?? [])
        if (/^(MONGO|KAFKA|REDIS)_/.test(env.name))
          expect(secretRef(env)?.name, `${deployment.metadata.name} ${env.name}`).not.toBe(SECRET);
  });
});
