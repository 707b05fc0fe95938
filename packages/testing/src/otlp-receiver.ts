// A stand-in for an OpenTelemetry collector: it takes OTLP/HTTP JSON on /v1/traces, as the parts export with
// OTEL_EXPORTER_OTLP_ENDPOINT set, and keeps every span, so a test can read whole traces. With `keep: false`
// (benchmarks) it decodes each export and only counts its spans and bytes, so a long run at full sampling does
// not fill memory.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A span as received, with the part that sent it. */
export interface ReceivedSpan {
  service: string;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  /** OTLP's numbers: 1 internal, 2 server, 3 client, 4 producer, 5 consumer. */
  kind: number;
  attributes: Record<string, unknown>;
  /** 2: error. */
  status?: number;
  /** When it started and ended, in milliseconds since the epoch (the sending part's clock; NaN if not sent). */
  start: number;
  end: number;
}

export interface OtlpReceiver {
  /** For OTEL_EXPORTER_OTLP_ENDPOINT. */
  url: string;
  spans: ReceivedSpan[];
  /** The spans of one trace. */
  trace(traceId: string): ReceivedSpan[];
  /** What arrived so far: export requests taken, spans in them, bytes of their bodies (kept or not). */
  counts(): ReceiverCounts;
  stop(): Promise<void>;
}

export interface ReceiverCounts {
  requests: number;
  spans: number;
  bytes: number;
}

export interface OtlpReceiverOptions {
  /** Keep every span (the default), or only count spans and bytes (`spans` stays empty). */
  keep?: boolean;
}

type AnyValue = { stringValue?: string; intValue?: string | number; boolValue?: boolean; doubleValue?: number };
type KeyValue = { key: string; value: AnyValue };
interface ExportRequest {
  resourceSpans?: {
    resource?: { attributes?: KeyValue[] };
    scopeSpans?: {
      spans?: {
        traceId: string;
        spanId: string;
        parentSpanId?: string;
        name: string;
        kind: number;
        attributes?: KeyValue[];
        status?: { code?: number };
        startTimeUnixNano?: string | number;
        endTimeUnixNano?: string | number;
      }[];
    }[];
  }[];
}

const valueOf = (v: AnyValue) => v.stringValue ?? v.intValue ?? v.boolValue ?? v.doubleValue;
/** OTLP's nanoseconds (a decimal string, as JSON carries 64-bit numbers) as milliseconds; NaN when not so. */
function msOf(nanos: string | number | undefined): number {
  try {
    return nanos === undefined ? NaN : Number(BigInt(nanos) / 1000n) / 1000;
  } catch {
    return NaN;
  }
}
const attributesOf = (list: KeyValue[] = []) => Object.fromEntries(list.map(({ key, value }) => [key, valueOf(value)]));

export async function startOtlpReceiver(options: OtlpReceiverOptions = {}): Promise<OtlpReceiver> {
  const keep = options.keep ?? true;
  const spans: ReceivedSpan[] = [];
  const counts: ReceiverCounts = { requests: 0, spans: 0, bytes: 0 };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/traces') {
        res.writeHead(404).end();
        return;
      }
      try {
        const text = Buffer.concat(chunks).toString();
        const body = JSON.parse(text) as ExportRequest;
        counts.requests++;
        counts.bytes += Buffer.byteLength(text);
        for (const resource of body.resourceSpans ?? []) {
          if (!keep) {
            for (const scope of resource.scopeSpans ?? []) counts.spans += scope.spans?.length ?? 0;
            continue;
          }
          const service = String(attributesOf(resource.resource?.attributes)['service.name'] ?? '');
          for (const scope of resource.scopeSpans ?? []) {
            for (const span of scope.spans ?? []) {
              counts.spans++;
              spans.push({
                service,
                traceId: span.traceId,
                spanId: span.spanId,
                ...(span.parentSpanId ? { parentSpanId: span.parentSpanId } : {}),
                name: span.name,
                kind: span.kind,
                attributes: attributesOf(span.attributes),
                ...(span.status?.code !== undefined ? { status: span.status.code } : {}),
                start: msOf(span.startTimeUnixNano),
                end: msOf(span.endTimeUnixNano),
              });
            }
          }
        }
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      } catch {
        res.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    spans,
    trace: (traceId) => spans.filter((s) => s.traceId === traceId),
    counts: () => ({ ...counts }),
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
