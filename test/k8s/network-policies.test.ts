// The Kubernetes manifests keep each part's port closed but to the peers it needs (issue 11, item 6): the
// gateway everywhere, each internal route's callers (contracts' endpoint definitions) at its service, the services that
// check tokens at auth, the web server at the services its pages read, the assistant at the services its tools
// read, and nobody else; the web server and the assistant are the gateway's alone (issue 13). The secret of the
// service identity goes to exactly the services that use it or whose settings require it.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { allEndpoints, endpoints, isInternal } from '@travelclub/contracts';
import { connectedServiceConfigSchema } from '@travelclub/kit';

/** Every internal route: its service and the callers its definition accepts. */
const internalRoutes = allEndpoints()
  .filter(isInternal)
  .map((e) => ({ service: e.service, callers: e.access.callers }));
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';

const root = join(import.meta.dirname, '..', '..');
const base = join(root, 'k8s', 'base');

interface Manifest {
  kind: string;
  metadata: { name: string };
  spec: Record<string, unknown>;
}

interface Peer {
  podSelector?: { matchLabels?: Record<string, string> };
  namespaceSelector?: unknown;
  ipBlock?: unknown;
}

interface NetworkPolicySpec {
  podSelector: { matchLabels?: Record<string, string> };
  policyTypes: string[];
  ingress?: { from?: Peer[]; ports?: { protocol?: string; port: string | number }[] }[];
  egress?: unknown;
}

const kustomization = parseAllDocuments(readFileSync(join(base, 'kustomization.yaml'), 'utf8'))[0]!.toJS() as {
  resources: string[];
};
const manifests: Manifest[] = kustomization.resources.flatMap((file) =>
  parseAllDocuments(readFileSync(join(base, file), 'utf8')).map((doc) => doc.toJS() as Manifest),
);
const policies = manifests.filter((m) => m.kind === 'NetworkPolicy');
const deployments = manifests.filter((m) => m.kind === 'Deployment');
const NAME = 'app.kubernetes.io/name';

/** The services the web server's page loaders call on their public routes (web/app/lib/api.server.ts). */
const READ_BY_PAGES = ['auth', 'catalog', 'itinerary', 'billing', 'creator'];

/**
 * The endpoints the assistant's tools call, `service.endpoint`, as its platform client names them: public routes,
 * called directly with the creator's own token (services/assistant/src/clients/platform.ts).
 */
const CALLED_BY_TOOLS = [
  ...readFileSync(join(root, 'services/assistant/src/clients/platform.ts'), 'utf8').matchAll(
    /endpoints\.(\w+)\.(\w+)/g,
  ),
].map(([, service, endpoint]) => ({ service: service!, endpoint: endpoint! }));
const READ_BY_TOOLS = [...new Set(CALLED_BY_TOOLS.map((call) => call.service))].sort();

/** Who may reach a part besides the gateway and its internal routes' callers, and why. */
const otherPeers: Record<string, string[]> = {
  // They fetch the JWKS to check access tokens; the web server reads the session behind a page.
  auth: ['catalog', 'itinerary', 'billing', 'creator', 'assistant', 'notifications', 'web'],
  catalog: ['assistant', 'web'],
  itinerary: ['web'],
  billing: ['assistant', 'web'],
  creator: ['assistant', 'web'],
};

/**
 * The deployed parts whose settings are the kit's for a connected service, which require the service identity's
 * secret in production: those with internal routes or calls, and the assistant, which has neither.
 */
const secretRequiredBySettings = (part: string) => {
  const config = join(root, 'services', part, 'src', 'config.ts');
  return existsSync(config) && readFileSync(config, 'utf8').includes('connectedServiceConfigSchema(');
};

function expectedPeers(part: string): string[] {
  const callers = internalRoutes.filter((route) => route.service === part).flatMap((route) => route.callers);
  return [...new Set<string>(['gateway', ...callers, ...(otherPeers[part] ?? [])])].sort();
}

const policyOf = (part: string) =>
  policies.filter((p) => (p.spec as unknown as NetworkPolicySpec).podSelector.matchLabels?.[NAME] === part);

describe('network policies', () => {
  it('are part of the base, and close every pod of the namespace to begin with', () => {
    expect(kustomization.resources).toContain('network-policies.yaml');
    const deny = policies.filter((p) => Object.keys((p.spec as unknown as NetworkPolicySpec).podSelector).length === 0);
    expect(deny).toHaveLength(1);
    const spec = deny[0]!.spec as unknown as NetworkPolicySpec;
    expect(spec.policyTypes).toEqual(['Ingress']);
    expect(spec.ingress ?? []).toEqual([]);
  });

  it('give every part one policy, open on its http port only', () => {
    expect(deployments.length).toBeGreaterThanOrEqual(6);
    for (const deployment of deployments) {
      const [policy, ...more] = policyOf(deployment.metadata.name);
      expect(policy, deployment.metadata.name).toBeDefined();
      expect(more).toHaveLength(0);
      const spec = policy!.spec as unknown as NetworkPolicySpec;
      expect(spec.policyTypes).toEqual(['Ingress']);
      for (const rule of spec.ingress ?? []) expect(rule.ports).toEqual([{ protocol: 'TCP', port: 'http' }]);
    }
  });

  it('let anyone reach the gateway (through the Ingress), and nothing else from outside the namespace', () => {
    for (const policy of policies) {
      const spec = policy.spec as unknown as NetworkPolicySpec;
      const part = spec.podSelector.matchLabels?.[NAME];
      for (const rule of spec.ingress ?? []) {
        if (part === 'gateway') expect(rule.from).toBeUndefined();
        else for (const peer of rule.from ?? []) expect(Object.keys(peer)).toEqual(['podSelector']);
        if (part !== 'gateway') expect(rule.from?.length ?? 0).toBeGreaterThan(0);
      }
    }
  });

  it('admit exactly the gateway, the callers of the part’s internal routes, the token checkers at auth, and the web server where its pages read', () => {
    const parts = deployments.map((d) => d.metadata.name).filter((name) => name !== 'gateway');
    for (const part of parts) {
      const spec = policyOf(part)[0]!.spec as unknown as NetworkPolicySpec;
      const admitted = (spec.ingress ?? [])
        .flatMap((rule) => rule.from ?? [])
        .map((peer) => peer.podSelector?.matchLabels?.[NAME]);
      expect([...new Set(admitted)].sort(), part).toEqual(expectedPeers(part));
    }
    // Each internal route's service is deployed, so its callers' rule above is a real one.
    for (const route of internalRoutes) expect(parts).toContain(route.service);
  });
});

describe('the web server', () => {
  const admitting = (part: string) =>
    ((policyOf(part)[0]?.spec as unknown as NetworkPolicySpec | undefined)?.ingress ?? [])
      .flatMap((rule) => rule.from ?? [])
      .map((peer) => peer.podSelector?.matchLabels?.[NAME]);

  it('is deployed, and reached by the gateway alone', () => {
    expect(deployments.map((d) => d.metadata.name)).toContain('web');
    expect(admitting('web')).toEqual(['gateway']);
  });

  it('reaches the services its page loaders call, and no other part', () => {
    const parts = deployments.map((d) => d.metadata.name).filter((name) => name !== 'web' && name !== 'gateway');
    for (const part of parts) expect(admitting(part).includes('web'), part).toBe(READ_BY_PAGES.includes(part));
  });
});

describe('the assistant', () => {
  const admitting = (part: string) =>
    ((policyOf(part)[0]?.spec as unknown as NetworkPolicySpec | undefined)?.ingress ?? [])
      .flatMap((rule) => rule.from ?? [])
      .map((peer) => peer.podSelector?.matchLabels?.[NAME]);

  it('is deployed, and reached by the gateway alone', () => {
    expect(deployments.map((d) => d.metadata.name)).toContain('assistant');
    expect(admitting('assistant')).toEqual(['gateway']);
  });

  it('reaches the services its tools call, on public routes, and auth for the JWKS; no other part', () => {
    expect(READ_BY_TOOLS).toEqual(['billing', 'catalog', 'creator']);
    for (const { service, endpoint } of CALLED_BY_TOOLS) {
      const definition = (endpoints as Record<string, Record<string, Parameters<typeof isInternal>[0]>>)[service]?.[
        endpoint
      ];
      expect(definition, `${service}.${endpoint}`).toBeDefined();
      expect(isInternal(definition!), `${service}.${endpoint}`).toBe(false);
    }
    const parts = deployments.map((d) => d.metadata.name).filter((name) => name !== 'assistant' && name !== 'gateway');
    for (const part of parts) {
      expect(admitting(part).includes('assistant'), part).toBe(part === 'auth' || READ_BY_TOOLS.includes(part));
    }
  });
});

describe('the service identity secret', () => {
  it('is required in production by the kit’s settings of a connected service', () => {
    const schema = connectedServiceConfigSchema({});
    const production = {
      NODE_ENV: 'production',
      MONGO_URL: 'mongodb://mongo.test:27017/?replicaSet=rs0',
      KAFKA_BROKERS: 'kafka.test:9092',
      REDIS_URL: 'redis://redis.test:6379',
      JWKS_URL: 'http://auth.test/.well-known/jwks.json',
    };
    const withoutSecret = schema.safeParse(production);
    expect(withoutSecret.success).toBe(false);
    expect(withoutSecret.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['SERVICE_TOKEN_SECRET']);
    expect(schema.safeParse({ ...production, SERVICE_TOKEN_SECRET: 'x'.repeat(32) }).success).toBe(true);
    expect(secretRequiredBySettings('assistant')).toBe(true);
    expect(secretRequiredBySettings('auth')).toBe(false);
  });

  it('goes to the services that answer or call internal routes or whose settings require it, and to no other part', () => {
    const users = new Set<string>(internalRoutes.flatMap((r) => [r.service, ...r.callers]));
    // Every user of internal routes has the connected service's settings (it could not sign or check otherwise).
    for (const user of users) expect(secretRequiredBySettings(user), user).toBe(true);
    for (const deployment of deployments)
      if (secretRequiredBySettings(deployment.metadata.name)) users.add(deployment.metadata.name);
    for (const deployment of deployments) {
      const containers = (
        deployment.spec as { template: { spec: { containers: { env?: Record<string, unknown>[] }[] } } }
      ).template.spec.containers;
      const keys = containers.flatMap((c) =>
        (c.env ?? []).map(
          (e) => (e.valueFrom as { secretKeyRef?: { key: string } } | undefined)?.secretKeyRef?.key ?? null,
        ),
      );
      expect(keys.includes('SERVICE_TOKEN_SECRET'), deployment.metadata.name).toBe(users.has(deployment.metadata.name));
    }
  });
});
