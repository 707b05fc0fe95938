// What an operator needs of every part once applied (issue 30, item 5), checked on the rendered overlays: its own
// ServiceAccount with no token, autoscaling on CPU with requests that give the target a meaning, a disruption
// budget, a preStop pause inside a grace period that covers the parts' own shutdown, spread over zones and nodes,
// and an Ingress whose controller the overlay names, with a body limit that lets the creator's uploads through.
import { beforeAll, describe, expect, it } from 'vitest';
import { byKind, type K8sObject, named, OVERLAYS, read, render, requireKubectl, type Workload } from './manifests.js';

/** The parts (one Deployment each) and those with an autoscaler (issue 30). */
const PARTS = ['auth', 'notifications', 'catalog', 'itinerary', 'billing', 'creator', 'assistant', 'gateway', 'web'];
const AUTOSCALED = ['gateway', 'web', 'catalog', 'itinerary', 'billing', 'creator'];

/** A number from source: `pattern`'s first group, a literal (25_000) or a product of literals (32 * 1024). */
const numberIn = (path: string, pattern: RegExp) => {
  const found = pattern.exec(read(path))?.[1];
  if (!found) throw new Error(`${pattern} not found in ${path}`);
  const value = found.split('*').reduce((product, factor) => product * Number(factor.trim().replaceAll('_', '')), 1);
  if (!Number.isFinite(value)) throw new Error(`${found} in ${path} is not a number`);
  return value;
};

/** How long a part may take to stop after SIGTERM: the kit's runService and the web server's own. */
const SHUTDOWN_MS = Math.max(
  numberIn('services/kit/src/run.ts', /options\.graceMs \?\? ([\d_]+)/),
  numberIn('web/server/server.ts', /const SHUTDOWN_GRACE_MS = ([\d_]+);/),
);
const UPLOAD_LIMIT_BYTES = numberIn('gateway/src/config.ts', /UPLOAD_BODY_LIMIT_BYTES: positiveIntSetting\(([^)]+)\)/);

interface Hpa extends K8sObject {
  spec: {
    scaleTargetRef: { apiVersion: string; kind: string; name: string };
    minReplicas: number;
    maxReplicas: number;
    metrics: { type: string; resource?: { name: string; target: { type: string; averageUtilization?: number } } }[];
  };
}
interface Pdb extends K8sObject {
  spec: {
    maxUnavailable?: number | string;
    minAvailable?: number | string;
    selector: { matchLabels: Record<string, string> };
  };
}
interface Ingress extends K8sObject {
  spec: { ingressClassName?: string; rules: { host: string }[] };
}

const rendered = new Map<string, K8sObject[]>();
beforeAll(() => {
  requireKubectl();
  for (const overlay of OVERLAYS) rendered.set(overlay, render(`k8s/overlays/${overlay}`));
  rendered.set('base', render('k8s/base'));
});
const objectsOf = (overlay: string) => rendered.get(overlay)!;
const deployment = (overlay: string, part: string) => {
  const found = named<Workload>(objectsOf(overlay), 'Deployment', part);
  if (!found) throw new Error(`${overlay}: no Deployment ${part}`);
  return found;
};

/** Bytes in a size as ingress-nginx writes it (32m, 1024k, 5g, or bytes). */
const nginxBytes = (size: string) => {
  const [, amount, unit] = /^(\d+)([kmg]?)$/i.exec(size) ?? [];
  const factor = { '': 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 }[(unit ?? '').toLowerCase()] ?? NaN;
  return Number(amount) * factor;
};

describe.each(OVERLAYS)('the %s overlay', (overlay) => {
  it('deploys every part, each with its own ServiceAccount and no API token', () => {
    const objects = objectsOf(overlay);
    for (const part of PARTS) {
      const pod = deployment(overlay, part).spec.template.spec;
      expect(pod.serviceAccountName, part).toBe(part);
      expect(pod.automountServiceAccountToken, part).toBe(false);
      const account = named<K8sObject & { automountServiceAccountToken?: boolean }>(objects, 'ServiceAccount', part);
      expect(account?.automountServiceAccountToken, part).toBe(false);
    }
    // No part reads the API: nothing grants a ServiceAccount a role.
    expect(objects.filter((o) => /^(Cluster)?RoleBinding$/.test(o.kind))).toEqual([]);
  });

  it('scales the six busiest parts on CPU, against requests every container sets', () => {
    const hpas = byKind<Hpa>(objectsOf(overlay), 'HorizontalPodAutoscaler');
    expect(hpas.map((h) => h.metadata.name).sort()).toEqual([...AUTOSCALED].sort());
    for (const hpa of hpas) {
      const part = hpa.metadata.name;
      expect(hpa.apiVersion).toBe('autoscaling/v2');
      expect(hpa.spec.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name: part });
      expect(hpa.spec.maxReplicas, part).toBeGreaterThan(hpa.spec.minReplicas);
      const cpu = hpa.spec.metrics.find((m) => m.type === 'Resource' && m.resource?.name === 'cpu');
      expect(cpu?.resource?.target.type, part).toBe('Utilization');
      expect(cpu?.resource?.target.averageUtilization, part).toBeGreaterThan(0);
      // Utilization is a share of the request: without one the autoscaler has nothing to measure against.
      for (const container of deployment(overlay, part).spec.template.spec.containers) {
        expect(container.resources?.requests?.cpu, part).toBeDefined();
        expect(container.resources?.limits?.cpu, part).toBeDefined();
      }
    }
    // Every part has memory requests and limits, the autoscaled ones or not.
    for (const part of PARTS)
      for (const container of deployment(overlay, part).spec.template.spec.containers) {
        expect(container.resources?.requests?.memory, part).toBeDefined();
        expect(container.resources?.limits?.memory, part).toBeDefined();
      }
  });

  it('gives every part a PodDisruptionBudget that selects its pods', () => {
    const pdbs = byKind<Pdb>(objectsOf(overlay), 'PodDisruptionBudget');
    for (const part of PARTS) {
      const labels = deployment(overlay, part).spec.template.metadata?.labels ?? {};
      const pdb = pdbs.find((p) => Object.entries(p.spec.selector.matchLabels).every(([k, v]) => labels[k] === v));
      expect(pdb?.metadata.name, part).toBe(part);
      expect(pdb?.spec.maxUnavailable, part).toBe(1);
    }
  });

  it('pauses every part before SIGTERM, within a grace period that covers its shutdown', () => {
    for (const part of PARTS) {
      const pod = deployment(overlay, part).spec.template.spec;
      const command = pod.containers[0]!.lifecycle?.preStop?.exec?.command ?? [];
      // The images have sleep (Debian's coreutils); the pause lets endpoints drop the pod before it stops.
      expect(command[0], part).toBe('sleep');
      const pauseS = Number(command[1]);
      expect(pauseS, part).toBeGreaterThan(0);
      expect(pod.terminationGracePeriodSeconds, part).toBeGreaterThanOrEqual(pauseS + SHUTDOWN_MS / 1000);
    }
  });

  it('runs every part with the image’s Node flags, also where a Deployment sets NODE_OPTIONS of its own', () => {
    // An env var replaces the image's ENV whole: its flags must be repeated, or they are lost.
    const imageFlags = /^ENV NODE_OPTIONS="([^"]+)"$/m.exec(read('Dockerfile'))?.[1]?.split(' ') ?? [];
    expect(imageFlags).toContain('--max-semi-space-size=16');
    for (const part of PARTS) {
      const env = deployment(overlay, part).spec.template.spec.containers[0]!.env ?? [];
      const own = env.find((variable) => variable.name === 'NODE_OPTIONS');
      if (own) expect(own.value?.split(' '), part).toEqual(expect.arrayContaining(imageFlags));
    }
  });

  it('spreads every part over zones and over nodes, never refusing to schedule', () => {
    for (const part of PARTS) {
      const constraints = deployment(overlay, part).spec.template.spec.topologySpreadConstraints ?? [];
      expect(constraints.map((c) => c.topologyKey).sort(), part).toEqual([
        'kubernetes.io/hostname',
        'topology.kubernetes.io/zone',
      ]);
      for (const constraint of constraints) {
        expect(constraint.whenUnsatisfiable, part).toBe('ScheduleAnyway');
        expect(constraint.labelSelector?.matchLabels, part).toEqual({ 'app.kubernetes.io/name': part });
      }
    }
  });

  it('names its ingress controller, and lets uploads as large as the gateway’s limit through', () => {
    const ingress = named<Ingress>(objectsOf(overlay), 'Ingress', 'gateway')!;
    // Every overlay names ingress-nginx (k8s/README.md gives the other controllers' settings): its limits are checked.
    expect(ingress.spec.ingressClassName).toBe('nginx');
    const size = ingress.metadata.annotations?.['nginx.ingress.kubernetes.io/proxy-body-size'] ?? '1m';
    expect(nginxBytes(size)).toBeGreaterThanOrEqual(UPLOAD_LIMIT_BYTES);
    // The assistant's event streams: no buffering, and a read timeout above its ping (5 s).
    expect(ingress.metadata.annotations?.['nginx.ingress.kubernetes.io/proxy-buffering'] ?? 'off').toBe('off');
    expect(
      Number(ingress.metadata.annotations?.['nginx.ingress.kubernetes.io/proxy-read-timeout'] ?? 60),
    ).toBeGreaterThan(5);
  });
});

describe('the base', () => {
  it('leaves the ingress controller to the overlays: no class, no controller’s annotations', () => {
    const ingress = named<Ingress>(objectsOf('base'), 'Ingress', 'gateway')!;
    expect(ingress.spec.ingressClassName).toBeUndefined();
    expect(ingress.metadata.annotations ?? {}).toEqual({});
  });

  it('runs notifications on two replicas (its consumers share a group), and leaves the count of autoscaled parts to their autoscaler', () => {
    expect(deployment('base', 'notifications').spec.replicas).toBe(2);
    for (const part of PARTS)
      expect(deployment('base', part).spec.replicas, part).toBe(AUTOSCALED.includes(part) ? undefined : 2);
    for (const hpa of byKind<Hpa>(objectsOf('production'), 'HorizontalPodAutoscaler'))
      expect(hpa.spec.minReplicas, hpa.metadata.name).toBeGreaterThanOrEqual(2);
  });

  it('documents the body-size setting of each common ingress controller', () => {
    const readme = read('k8s/README.md');
    for (const setting of [
      'nginx.ingress.kubernetes.io/proxy-body-size',
      'maxRequestBodyBytes',
      'haproxy-ingress.github.io/proxy-body-size',
      'AWS Load Balancer Controller',
      'GKE',
    ])
      expect(readme, setting).toContain(setting);
  });
});
