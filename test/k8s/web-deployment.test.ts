// The web app is deployed wherever the platform is (issue 13): Docker Compose and Kubernetes run its server from
// the one Dockerfile (built in the image, production mode), give it the services' URLs its loaders call, and
// point the gateway's WEB_SERVER_URL at it; nothing publishes it but the gateway.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';

const root = join(import.meta.dirname, '..', '..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');
/** The services the web server's page loaders call directly. */
const CALLED_BY_PAGES = ['AUTH_URL', 'CATALOG_URL', 'ITINERARY_URL', 'BILLING_URL'];

interface ComposeService {
  build?: { args?: Record<string, string> };
  environment?: Record<string, string>;
  ports?: string[];
  depends_on?: Record<string, unknown>;
  healthcheck?: unknown;
}

describe('Docker Compose', () => {
  const services = (parse(read('docker-compose.yml')) as { services: Record<string, ComposeService> }).services;

  it('builds the web server from the Dockerfile, in production mode, with the services its pages call', () => {
    const web = services.web!;
    expect(web.build?.args).toEqual({ PART: 'web' });
    expect(web.environment?.NODE_ENV).toBe('production');
    for (const name of CALLED_BY_PAGES) {
      const service = name.replace('_URL', '').toLowerCase();
      expect(web.environment?.[name], name).toBe(`http://${service}:3000`);
    }
    expect(web.environment?.PUBLIC_URL).toBe('http://localhost:8080');
    expect(web.healthcheck).toBeDefined();
  });

  it('sends the gateway’s page paths to it, and publishes only the gateway', () => {
    const gateway = services.gateway!;
    expect(gateway.environment?.WEB_SERVER_URL).toBe('http://web:3000');
    expect(Object.keys(gateway.depends_on ?? {})).toContain('web');
    expect(services.web!.ports).toBeUndefined();
    expect(gateway.ports).toEqual(['8080:3000']);
  });
});

interface Manifest {
  kind: string;
  metadata: { name: string };
  spec: {
    template?: {
      spec: {
        containers: {
          image: string;
          env?: { name: string; value?: string; valueFrom?: unknown }[];
          readinessProbe?: { httpGet: { path: string } };
          securityContext?: { readOnlyRootFilesystem?: boolean };
        }[];
      };
    };
  };
}

describe('Kubernetes', () => {
  const base = join(root, 'k8s', 'base');
  const { resources } = parse(readFileSync(join(base, 'kustomization.yaml'), 'utf8')) as { resources: string[] };
  const manifests = resources.flatMap((file) =>
    parseAllDocuments(readFileSync(join(base, file), 'utf8')).map((doc) => doc.toJS() as Manifest),
  );
  const settings = Object.fromEntries(
    read('k8s/base/settings.env')
      .split('\n')
      .filter((line) => /^[A-Z_]+=/.test(line))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );

  it('runs the web server as a Deployment with a Service, reading the services’ URLs from the settings', () => {
    const deployment = manifests.find((m) => m.kind === 'Deployment' && m.metadata.name === 'web')!;
    const service = manifests.find((m) => m.kind === 'Service' && m.metadata.name === 'web');
    expect(service).toBeDefined();
    const container = deployment.spec.template!.spec.containers[0]!;
    expect(container.image).toBe('travelclub/web');
    const env = Object.fromEntries((container.env ?? []).map((e) => [e.name, e.value ?? e.valueFrom]));
    expect(env).toMatchObject({ NODE_ENV: 'production', PUBLIC_URL: '$(WEB_URL)' });
    // No secret: the web server holds none.
    expect(Object.values(env).every((value) => typeof value === 'string')).toBe(true);
    expect(container.readinessProbe?.httpGet.path).toBe('/health/ready');
    expect(container.securityContext?.readOnlyRootFilesystem).toBe(true);
    for (const name of CALLED_BY_PAGES) expect(settings[name], name).toMatch(/^http:\/\/\w+\.travelclub\.svc/);
  });

  it('points the gateway at the web server’s Service', () => {
    expect(settings.WEB_SERVER_URL).toBe('http://web.travelclub.svc.cluster.local');
  });

  it('has an image of the web server in every overlay', () => {
    for (const overlay of ['local', 'production']) {
      const { images } = parse(read(`k8s/overlays/${overlay}/kustomization.yaml`)) as { images: { name: string }[] };
      expect(
        images.map((image) => image.name),
        overlay,
      ).toContain('travelclub/web');
    }
  });
});

describe('the Dockerfile', () => {
  const dockerfile = read('Dockerfile');

  it('installs the web workspace, builds the app in the web image and starts its server', () => {
    expect(dockerfile).toContain('COPY web/package.json web/');
    expect(dockerfile).toMatch(/if \[ "\$PART" = web \]; then npm run build -w web/);
    expect(dockerfile).toContain('$PART/server/server.ts');
    // The build context keeps the web app's sources but never a build from the host.
    const ignored = read('.dockerignore').split('\n');
    expect(ignored).not.toContain('web');
    expect(ignored).toContain('web/build');
  });
});
