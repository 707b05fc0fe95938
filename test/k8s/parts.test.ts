// Every runnable part (a service with a src/server.ts, the gateway, the web server) is built by the Dockerfile,
// run by Docker Compose and deployed by the Kubernetes manifests, and the gateway knows where each service answers
// in both; a new service left out of one of them fails here. Then the assistant's own settings and streams.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import { type K8sObject, OVERLAYS, render, requireKubectl } from './manifests.js';

const root = join(import.meta.dirname, '..', '..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');

/** The services' folders with a server to run (the kit is a library). */
const SERVICES = readdirSync(join(root, 'services')).filter((name) =>
  existsSync(join(root, 'services', name, 'src', 'server.ts')),
);
/** Each part: its name (image, Compose service, Deployment) and its folder (the Dockerfile's PART). */
const PARTS = [
  ...SERVICES.map((name) => ({ name, folder: `services/${name}` })),
  { name: 'gateway', folder: 'gateway' },
  { name: 'web', folder: 'web' },
];
const urlSetting = (service: string) => `${service.toUpperCase()}_URL`;

interface ComposeService {
  build?: { args?: Record<string, string> };
  image?: string;
  environment?: Record<string, string | null>;
  depends_on?: Record<string, unknown>;
  healthcheck?: unknown;
}

interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: { secretKeyRef?: { name: string; key: string; optional?: boolean } };
}

interface Manifest {
  kind: string;
  metadata: { name: string; annotations?: Record<string, string> };
  spec: { template?: { spec: { containers: { image: string; env?: EnvVar[] }[] } } };
}

describe('every part', () => {
  it('is found: the seven services, the gateway and the web server', () => {
    expect(SERVICES.sort()).toEqual(
      ['assistant', 'auth', 'billing', 'catalog', 'creator', 'itinerary', 'notifications'].sort(),
    );
  });

  it('has its manifest copied before npm ci, and is named in the Dockerfile’s build hint', () => {
    const dockerfile = read('Dockerfile');
    const hint = /build with --build-arg PART=([^']+)'/.exec(dockerfile)?.[1]?.split('|') ?? [];
    for (const { folder } of PARTS) {
      expect(dockerfile, folder).toContain(`COPY ${folder}/package.json ${folder}/`);
      expect(hint, folder).toContain(folder);
    }
  });

  it('runs in Docker Compose, built with its PART, with a health check; the gateway routes to every service', () => {
    const services = (
      parse(read('docker-compose.yml'), { merge: true }) as { services: Record<string, ComposeService> }
    ).services;
    for (const { name, folder } of PARTS) {
      expect(services[name]?.build?.args, name).toEqual({ PART: folder });
      expect(services[name]?.image, name).toBe(`travelclub/${name}:dev`);
      expect(services[name]?.healthcheck, name).toBeDefined();
    }
    const gateway = services.gateway!;
    for (const service of SERVICES) {
      expect(gateway.environment?.[urlSetting(service)], service).toBe(`http://${service}:3000`);
      expect(Object.keys(gateway.depends_on ?? {}), service).toContain(service);
    }
  });

  it('is deployed in Kubernetes with a Service, has an image in every overlay, and its URL in the settings', () => {
    const base = join(root, 'k8s', 'base');
    const { resources } = parse(readFileSync(join(base, 'kustomization.yaml'), 'utf8')) as { resources: string[] };
    const manifests = resources.flatMap((file) =>
      parseAllDocuments(readFileSync(join(base, file), 'utf8')).map((doc) => doc.toJS() as Manifest),
    );
    const settings = read('k8s/base/settings.env').split('\n');
    for (const { name } of PARTS) {
      const deployment = manifests.find((m) => m.kind === 'Deployment' && m.metadata.name === name);
      expect(deployment?.spec.template?.spec.containers[0]?.image, name).toBe(`travelclub/${name}`);
      expect(
        manifests.some((m) => m.kind === 'Service' && m.metadata.name === name),
        name,
      ).toBe(true);
      for (const overlay of ['local', 'production']) {
        const { images } = parse(read(`k8s/overlays/${overlay}/kustomization.yaml`)) as { images: { name: string }[] };
        expect(
          images.map((image) => image.name),
          `${overlay}: ${name}`,
        ).toContain(`travelclub/${name}`);
      }
    }
    for (const service of SERVICES) {
      expect(settings, service).toContain(`${urlSetting(service)}=http://${service}.travelclub.svc.cluster.local`);
    }
  });
});

describe('the assistant', () => {
  it('in Docker Compose: its database, the services its tools call, and the model only from the shell', () => {
    const assistant = (
      parse(read('docker-compose.yml'), { merge: true }) as { services: Record<string, ComposeService> }
    ).services.assistant!;
    expect(assistant.environment).toMatchObject({
      MONGO_DB: 'assistant',
      CATALOG_URL: 'http://catalog:3000',
      CREATOR_URL: 'http://creator:3000',
      BILLING_URL: 'http://billing:3000',
      SERVICE_TOKEN_SECRET: '${SERVICE_TOKEN_SECRET:-}',
      // null: passed through from the shell when set, left out otherwise (the offline engine).
      LLM_BASE_URL: null,
      LLM_MODEL: null,
      LLM_API_KEY: null,
    });
  });

  it('in Kubernetes: the model’s key from the Secret, optional; no model by default (the offline engine)', () => {
    const deployment = parseAllDocuments(read('k8s/base/assistant.yaml'))
      .map((doc) => doc.toJS() as Manifest)
      .find((m) => m.kind === 'Deployment')!;
    const env = deployment.spec.template!.spec.containers[0]!.env ?? [];
    expect(env.find((e) => e.name === 'MONGO_DB')?.value).toBe('assistant');
    expect(env.find((e) => e.name === 'LLM_API_KEY')?.valueFrom?.secretKeyRef).toEqual({
      name: 'travelclub-secrets',
      key: 'LLM_API_KEY',
      optional: true,
    });
    const settings = read('k8s/base/settings.env').split('\n');
    expect(settings.filter((line) => /^LLM_(BASE_URL|MODEL|API_KEY)=/.test(line))).toEqual([]);
  });

  it('has its answers’ event streams neither buffered nor cut by the gateway or the Ingress', () => {
    const routes = read('services/assistant/src/routes/index.ts');
    expect(routes).toContain("'x-accel-buffering': 'no'");
    const pingMs = Number(/const PING_MS = ([\d_]+);/.exec(routes)?.[1]?.replaceAll('_', ''));
    expect(pingMs).toBeGreaterThan(0);
    // The gateway's upstream timeout is undici's headersTimeout and bodyTimeout (between two chunks): the first
    // ping sends the headers, and each one restarts the wait. Neither Compose nor the settings change it.
    const upstreamTimeout = /UPSTREAM_TIMEOUT_MS: positiveIntSetting\(([\d_]+)\)/.exec(read('gateway/src/config.ts'));
    expect(Number(upstreamTimeout?.[1]?.replaceAll('_', ''))).toBeGreaterThan(pingMs);
    expect(read('docker-compose.yml')).not.toContain('UPSTREAM_TIMEOUT_MS');
    expect(read('k8s/base/settings.env')).not.toContain('UPSTREAM_TIMEOUT_MS');
    // The controller and its annotations are each overlay's (the base names none): as rendered.
    requireKubectl();
    for (const overlay of OVERLAYS) {
      const ingress = render(`k8s/overlays/${overlay}`).find((m) => m.kind === 'Ingress') as K8sObject & {
        spec: { ingressClassName?: string };
      };
      if (ingress.spec.ingressClassName !== 'nginx') continue;
      const annotations = ingress.metadata.annotations ?? {};
      // ingress-nginx's default is off; the assistant also sends X-Accel-Buffering: no on each stream.
      expect(annotations['nginx.ingress.kubernetes.io/proxy-buffering'] ?? 'off', overlay).toBe('off');
      // nginx's read timeout (seconds, default 60) is between two reads too: the pings keep it from firing.
      const readTimeoutS = Number(annotations['nginx.ingress.kubernetes.io/proxy-read-timeout'] ?? 60);
      expect(readTimeoutS * 1000, overlay).toBeGreaterThan(pingMs);
    }
  });
});
