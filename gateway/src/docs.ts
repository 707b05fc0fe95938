// GET /docs: the public API as one OpenAPI document, merged from the documents the services generate
// from their zod contracts. A service keeps only the operations the route table sends to it (so its own
// /health routes and internal endpoints stay out), component names that clash are prefixed by service, and a service that
// does not answer is left out and named.
import type { FastifyInstance } from 'fastify';
import type { RouteTable, ServiceName } from './route-table.js';
import type { Upstreams } from './upstreams.js';

type JsonObject = Record<string, unknown>;

export interface OpenApiDocument {
  openapi?: string;
  paths?: Record<string, Record<string, unknown>>;
  components?: Record<string, Record<string, unknown>>;
  [key: string]: unknown;
}

const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

export function mergeDocuments(
  parts: { service: ServiceName; document: OpenApiDocument }[],
  unavailable: ServiceName[],
  table: RouteTable,
): OpenApiDocument {
  const paths: Record<string, Record<string, unknown>> = {};
  const components: Record<string, Record<string, unknown>> = {
    securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
  };

  for (const { service, document } of parts) {
    // Decide the names first, so references inside this service's document can follow them.
    const renames = new Map<string, string>();
    for (const [section, entries] of Object.entries(document.components ?? {})) {
      for (const [name, value] of Object.entries(entries)) {
        const taken = components[section]?.[name];
        if (taken !== undefined && JSON.stringify(taken) !== JSON.stringify(value)) {
          renames.set(`#/components/${section}/${name}`, `#/components/${section}/${service}.${name}`);
        }
      }
    }
    const own = JSON.parse(JSON.stringify(document), (key, value: unknown) =>
      key === '$ref' && typeof value === 'string' ? (renames.get(value) ?? value) : value,
    ) as OpenApiDocument;

    for (const [section, entries] of Object.entries(own.components ?? {})) {
      const merged = (components[section] ??= {});
      for (const [name, value] of Object.entries(entries)) {
        const renamed = renames.has(`#/components/${section}/${name}`) ? `${service}.${name}` : name;
        merged[renamed] = value;
      }
    }

    for (const [path, item] of Object.entries(own.paths ?? {})) {
      // Only the operations the route table sends to this service (not its health routes, not internal ones).
      const routed: Record<string, unknown> = {};
      let operations = 0;
      for (const [key, value] of Object.entries(item)) {
        if (!METHODS.has(key)) {
          routed[key] = value;
          continue;
        }
        const route = table.resolve(key.toUpperCase(), path);
        if (route?.service !== service || typeof value !== 'object' || value === null) continue;
        const op = value as JsonObject;
        op.tags ??= [service];
        if (!route.isPublic) op.security = [{ bearerAuth: [] }];
        routed[key] = op;
        operations++;
      }
      if (operations) paths[path] = { ...paths[path], ...routed };
    }
  }

  return {
    openapi: '3.1.0',
    info: {
      title: 'TravelClub API',
      version: '0.1.0',
      description:
        'Every public route, merged by the gateway from the services’ own documents.' +
        (unavailable.length ? ` Not included (did not answer): ${unavailable.join(', ')}.` : ''),
    },
    paths,
    components,
    'x-services': { included: parts.map((p) => p.service), unavailable },
  };
}

export function registerDocsRoutes(app: FastifyInstance, upstreams: Upstreams, table: RouteTable, timeoutMs: number) {
  const merged = async () => {
    const answers = await Promise.all(
      upstreams.services.map(async (service) => {
        try {
          const { status, body } = await upstreams.getJson(service, '/openapi.json', timeoutMs);
          if (status === 200 && typeof body === 'object' && body !== null) {
            return { service, document: body as OpenApiDocument };
          }
          app.log.warn({ service, status }, 'service answered no OpenAPI document');
        } catch (err) {
          app.log.warn({ service, err: (err as Error).message }, 'service did not answer for its OpenAPI document');
        }
        return { service, document: undefined };
      }),
    );
    const parts = answers.flatMap((a) => (a.document ? [{ service: a.service, document: a.document }] : []));
    const unavailable = answers.flatMap((a) => (a.document ? [] : [a.service]));
    return mergeDocuments(parts, unavailable, table);
  };
  app.get('/docs', async () => merged());
  app.get('/docs/openapi.json', async () => merged());
}
