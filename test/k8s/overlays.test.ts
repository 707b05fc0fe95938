// Every overlay renders with `kubectl kustomize`, and every object it renders is valid by its schema: the
// Kubernetes API's (kubernetes-models, unknown fields refused as strict field validation does) or, for the
// operators' custom resources, the CRD's (schemas/). Planted mistakes show that the checks can fail.
import { beforeAll, describe, expect, it } from 'vitest';
import { CRD_SOURCES, OVERLAYS, type K8sObject, problems, render, requireKubectl } from './manifests.js';

beforeAll(() => requireKubectl());

describe('every overlay', () => {
  it('is the local, production and operators one (a new overlay is checked here with no change)', () => {
    expect(OVERLAYS).toEqual(expect.arrayContaining(['local', 'operators', 'production']));
  });

  it.each(OVERLAYS)('%s: renders, and every object is valid by its schema', async (overlay) => {
    const objects = render(`k8s/overlays/${overlay}`);
    expect(objects.length).toBeGreaterThan(30);
    const found = (await Promise.all(objects.map(problems))).flat();
    expect(found).toEqual([]);
  });

  it('operators: its custom resources are checked against the operators’ CRD schemas', () => {
    const kinds = new Set(render('k8s/overlays/operators').map((object) => object.kind));
    for (const kind of ['Kafka', 'KafkaNodePool', 'KafkaUser', 'MongoDBCommunity']) {
      expect(kinds.has(kind), kind).toBe(true);
      expect(CRD_SOURCES[kind], kind).toMatch(/^https:\/\/github\.com\//);
    }
  });
});

describe('the checks', () => {
  let objects: K8sObject[] = [];
  beforeAll(() => {
    objects = render('k8s/overlays/operators');
  });
  const copy = <T>(value: T): T => structuredClone(value);
  const find = (kind: string, name?: string) => {
    const object = objects.find((o) => o.kind === kind && (!name || o.metadata.name === name));
    if (!object) throw new Error(`no ${kind} ${name ?? ''}`);
    return copy(object);
  };

  it('pass the objects as they are', async () => {
    for (const kind of ['Deployment', 'HorizontalPodAutoscaler', 'Kafka', 'KafkaUser', 'MongoDBCommunity'])
      expect(await problems(find(kind)), kind).toEqual([]);
  });

  it('refuse a wrong type, a field the schema does not know, and a bad value, in built-in kinds', async () => {
    const typed = find('Deployment', 'gateway') as K8sObject & { spec: Record<string, unknown> };
    typed.spec.replicas = 'two';
    expect((await problems(typed)).join('\n')).toMatch(/replicas must be integer/);

    const misspelt = find('Deployment', 'gateway') as K8sObject & {
      spec: { template: { spec: Record<string, unknown> } };
    };
    const pod = misspelt.spec.template.spec;
    pod.topologySpreadConstraint = pod.topologySpreadConstraints;
    delete pod.topologySpreadConstraints;
    expect(await problems(misspelt)).toEqual([
      'Deployment gateway: unknown field /spec/template/spec/topologySpreadConstraint',
    ]);

    const quantity = find('Deployment', 'catalog') as K8sObject & {
      spec: { template: { spec: { containers: { resources: { requests: Record<string, string> } }[] } } };
    };
    quantity.spec.template.spec.containers[0]!.resources.requests.cpu = 'half a core';
    expect((await problems(quantity)).join('\n')).toMatch(/requests\/cpu/);

    const hpa = find('HorizontalPodAutoscaler', 'web') as K8sObject & { spec: Record<string, unknown> };
    hpa.spec.minReplica = 2;
    expect(await problems(hpa)).toEqual(['HorizontalPodAutoscaler web: unknown field /spec/minReplica']);

    expect(await problems({ apiVersion: 'apps/v9', kind: 'Deployment', metadata: { name: 'x' } })).toEqual([
      'Deployment x: no schema for apps/v9 Deployment',
    ]);
  });

  it('refuse what the CRD schemas refuse, unknown fields included', async () => {
    const user = find('KafkaUser') as K8sObject & { spec: { authentication: { type: string } } };
    user.spec.authentication.type = 'scram-sha-256';
    expect((await problems(user)).join('\n')).toMatch(
      /authentication\/type must be equal to one of the allowed values/,
    );

    const kafka = find('Kafka') as K8sObject & { spec: { kafka: Record<string, unknown> } };
    kafka.spec.kafka.listener = kafka.spec.kafka.listeners;
    delete kafka.spec.kafka.listeners;
    const kafkaProblems = (await problems(kafka)).join('\n');
    expect(kafkaProblems).toMatch(/must have required property 'listeners'/);
    expect(kafkaProblems).toMatch(/must NOT have additional properties.*listener/);

    const mongo = find('MongoDBCommunity') as K8sObject & { spec: Record<string, unknown> };
    mongo.spec.members = 'three';
    mongo.metadata.name = 'Not_A_Name';
    const mongoProblems = (await problems(mongo)).join('\n');
    expect(mongoProblems).toMatch(/metadata\/name is not a DNS-1123 subdomain/);
    mongo.metadata.name = 'travelclub-mongodb';
    expect((await problems(mongo)).join('\n')).toMatch(/\/spec\/members must be integer/);
  });
});
