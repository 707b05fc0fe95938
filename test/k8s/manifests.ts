// The Kubernetes manifests as an operator applies them: each overlay rendered by `kubectl kustomize`, and every
// rendered object checked against its schema (kubernetes-models for the built-in kinds, the operators' CRD schemas,
// vendored in schemas/, for their custom resources), the way the API server's strict field validation would.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import { ConfigMap } from 'kubernetes-models/v1/ConfigMap';
import { parseAllDocuments } from 'yaml';

export const root = join(import.meta.dirname, '..', '..');
export const read = (path: string) => readFileSync(join(root, path), 'utf8');

/** Every overlay under k8s/overlays: each is rendered and checked. */
export const OVERLAYS = readdirSync(join(root, 'k8s', 'overlays'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

export interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  [field: string]: unknown;
}

/** Fails with a message that says what to install when kubectl is not there. */
export function requireKubectl(): void {
  try {
    execFileSync('kubectl', ['version', '--client'], { stdio: 'pipe' });
  } catch (err) {
    const missing = (err as NodeJS.ErrnoException).code === 'ENOENT';
    throw new Error(
      missing
        ? 'kubectl is not on the PATH: the Kubernetes checks render every overlay with `kubectl kustomize`. ' +
            'Install kubectl 1.32 or later (its kustomize renders without a cluster) and run the tests again.'
        : `kubectl is on the PATH but \`kubectl version --client\` failed: ${(err as Error).message}`,
      { cause: err },
    );
  }
}

/** The objects `kubectl kustomize` renders for a folder (an overlay, or the base). */
export function render(folder: string): K8sObject[] {
  const output = execFileSync('kubectl', ['kustomize', join(root, folder)], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return parseAllDocuments(output)
    .map((doc) => doc.toJS() as K8sObject | null)
    .filter((object): object is K8sObject => object !== null);
}

// ---------- built-in kinds: kubernetes-models ----------

type Validator = (data: unknown) => void;
const modelValidators = new Map<string, Validator | null>();

/** kubernetes-models keeps each kind at kubernetes-models/<apiVersion>/<Kind> (core: v1/<Kind>). */
async function modelValidator(apiVersion: string, kind: string): Promise<Validator | null> {
  const key = `${apiVersion}/${kind}`;
  if (!modelValidators.has(key)) {
    let validator: Validator | null = null;
    try {
      const module = (await import(`kubernetes-models/${apiVersion}/${kind}`)) as Record<string, unknown>;
      const Model = module[kind] as (new (data?: unknown) => { validate(): void }) | undefined;
      // The model's validate runs the compiled schema on `this`: called on a proxy, it shows what it read.
      if (Model) validator = (data) => new Model().validate.call(data);
    } catch {
      validator = null;
    }
    modelValidators.set(key, validator);
  }
  return modelValidators.get(key)!;
}

/**
 * Runs a schema check on a proxy of the object that records every field the check looks at. The Kubernetes
 * OpenAPI schemas do not forbid unknown fields (the API server's strict field validation does), so a field the
 * check never read is not in the schema: a typo such as `topologySpreadConstraint` would otherwise pass.
 * Objects whose keys the check lists (maps such as labels, requests) count as fully known.
 */
function unknownFields(check: Validator, object: unknown): string[] {
  const read = new Map<string, Set<string>>();
  const listed = new Set<string>();
  const track = (value: unknown, path: string): unknown => {
    if (value === null || typeof value !== 'object') return value;
    return new Proxy(value, {
      get(target, key, receiver) {
        const field: unknown = Reflect.get(target, key, receiver);
        if (typeof key !== 'string') return field;
        if (!read.has(path)) read.set(path, new Set());
        read.get(path)!.add(key);
        return track(field, `${path}/${key}`);
      },
      has(target, key) {
        if (typeof key === 'string') {
          if (!read.has(path)) read.set(path, new Set());
          read.get(path)!.add(key);
        }
        return Reflect.has(target, key);
      },
      ownKeys(target) {
        listed.add(path);
        return Reflect.ownKeys(target);
      },
    });
  };
  check(track(object, ''));
  const unknown: string[] = [];
  const walk = (value: unknown, path: string) => {
    if (value === null || typeof value !== 'object') return;
    if (Array.isArray(value)) {
      value.forEach((item, index) => walk(item, `${path}/${index}`));
      return;
    }
    for (const [key, field] of Object.entries(value as Record<string, unknown>)) {
      // An unknown field is reported once, not with everything under it.
      if (!listed.has(path) && !read.get(path)?.has(key)) unknown.push(`${path}/${key}`);
      else walk(field, `${path}/${key}`);
    }
  };
  walk(object, '');
  return unknown;
}

// ---------- custom resources: the operators' CRD schemas ----------

interface VendoredCrd {
  source: string;
  group: string;
  kind: string;
  versions: Record<string, Record<string, unknown>>;
}

/** The CRD schemas in schemas/ (README.md there says where each comes from). */
const CRD_FILES = [
  'strimzi-kafka.json',
  'strimzi-kafkanodepool.json',
  'strimzi-kafkauser.json',
  'mongodbcommunity.json',
  'prometheus-podmonitor.json',
  'prometheus-prometheusrule.json',
];

/**
 * A structural CRD schema as the API server applies it with strict field validation: an object with declared
 * properties has no others, unless it says x-kubernetes-preserve-unknown-fields.
 */
function strict(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(strict);
  if (schema === null || typeof schema !== 'object') return schema;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema as Record<string, unknown>)) {
    copy[key] =
      key === 'properties' || key === 'patternProperties'
        ? Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([name, s]) => [name, strict(s)]))
        : key === 'enum' || key === 'required' || key === 'default' || key === 'example'
          ? value
          : strict(value);
  }
  if (copy.properties && copy.additionalProperties === undefined && !copy['x-kubernetes-preserve-unknown-fields'])
    copy.additionalProperties = false;
  return copy;
}

/**
 * The CRDs' patterns are Go regular expressions, as the API server runs them: the Prometheus Operator's start some
 * with Go's inline flag `(?i)`, which JavaScript writes as the `i` flag.
 */
const goRegExp = Object.assign(
  (pattern: string, flags: string) =>
    pattern.includes('(?i)') ? new RegExp(pattern.replaceAll('(?i)', ''), `${flags}i`) : new RegExp(pattern, flags),
  { code: 'new RegExp' },
);

const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false, code: { regExp: goRegExp } });
for (const keyword of [
  'x-kubernetes-preserve-unknown-fields',
  'x-kubernetes-int-or-string',
  'x-kubernetes-list-type',
  'x-kubernetes-list-map-keys',
  'x-kubernetes-map-type',
  'x-kubernetes-validations',
  'x-kubernetes-embedded-resource',
])
  ajv.addKeyword(keyword);

const crdValidators = new Map<string, ValidateFunction>();
export const CRD_SOURCES: Record<string, string> = {};
for (const file of CRD_FILES) {
  const crd = JSON.parse(readFileSync(join(import.meta.dirname, 'schemas', file), 'utf8')) as VendoredCrd;
  CRD_SOURCES[crd.kind] = crd.source;
  for (const [version, schema] of Object.entries(crd.versions))
    crdValidators.set(`${crd.group}/${version}/${crd.kind}`, ajv.compile(strict(schema) as object));
}

/** A DNS-1123 subdomain: what the API server wants of most objects' names (a Service's is stricter still). */
const NAME = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;

/** What is wrong with an object, by its schema: an empty list when it is valid. */
export async function problems(object: K8sObject): Promise<string[]> {
  const where = `${object.kind} ${object.metadata?.name ?? '(no name)'}`;
  const named = typeof object.metadata?.name === 'string' && object.metadata.name.length <= 253;
  if (!named || !NAME.test(object.metadata.name)) return [`${where}: metadata/name is not a DNS-1123 subdomain`];
  const custom = crdValidators.get(`${object.apiVersion}/${object.kind}`);
  if (custom) {
    const found: string[] = [];
    if (!custom(object))
      for (const error of custom.errors ?? [])
        found.push(`${where}: ${error.instancePath || '/'} ${error.message ?? ''} ${JSON.stringify(error.params)}`);
    // The CRD schema says only that metadata is an object; the API server checks it as any object's metadata.
    try {
      new ConfigMap({ metadata: object.metadata }).validate();
    } catch (err) {
      found.push(`${where}: metadata: ${(err as Error).message}`);
    }
    return found;
  }
  const check = await modelValidator(object.apiVersion, object.kind);
  if (!check) return [`${where}: no schema for ${object.apiVersion} ${object.kind}`];
  try {
    const unknown = unknownFields(check, object);
    return unknown.map((path) => `${where}: unknown field ${path}`);
  } catch (err) {
    return [`${where}: ${(err as Error).message}`];
  }
}

// ---------- reading rendered objects ----------

export interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: { secretKeyRef?: { name: string; key: string; optional?: boolean }; configMapKeyRef?: unknown };
}

export interface Container {
  name: string;
  image: string;
  env?: EnvVar[];
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
  lifecycle?: { preStop?: { exec?: { command: string[] } } };
  volumeMounts?: { name: string; mountPath: string; readOnly?: boolean }[];
}

export interface PodSpec {
  serviceAccountName?: string;
  automountServiceAccountToken?: boolean;
  terminationGracePeriodSeconds?: number;
  topologySpreadConstraints?: {
    maxSkew: number;
    topologyKey: string;
    whenUnsatisfiable: string;
    labelSelector?: { matchLabels?: Record<string, string> };
  }[];
  containers: Container[];
  volumes?: { name: string; secret?: { secretName: string; optional?: boolean; items?: { key: string }[] } }[];
}

export interface Workload extends K8sObject {
  spec: {
    replicas?: number;
    selector: { matchLabels: Record<string, string> };
    template: { metadata?: { labels?: Record<string, string> }; spec: PodSpec };
  };
}

export const byKind = <T extends K8sObject = K8sObject>(objects: K8sObject[], kind: string) =>
  objects.filter((object) => object.kind === kind) as T[];

export const named = <T extends K8sObject = K8sObject>(objects: K8sObject[], kind: string, name: string) =>
  objects.find((object) => object.kind === kind && object.metadata.name === name) as T | undefined;

/** The settings ConfigMap's data, whatever hash kustomize gave its name. */
export const settingsOf = (objects: K8sObject[]) =>
  (objects.find((o) => o.kind === 'ConfigMap' && o.metadata.name.startsWith('travelclub-settings')) as
    (K8sObject & { data: Record<string, string> }) | undefined)!.data;
