// The shortcut for children of unsampled parents (spans.ts's `startSpan`) holds only under a parent-based
// sampler: this process samples every span whatever its parent says, so a child of an unsampled caller is
// sampled; with no exporter it records nothing, but passes the decision on. It also asks for MongoDB's command
// spans. Tracing is started once per process, hence a file of its own.
import { describe, expect, it } from 'vitest';
import { contextFrom, inSpan, mongoCommandsTraced, startTelemetry } from '../src/index.js';

describe('a process whose sampler ignores the parent', () => {
  it("samples a child of an unsampled caller, in the caller's trace, recording nothing with no exporter", async () => {
    startTelemetry('kit-sampler-test', {
      OTEL_TRACES_EXPORTER: 'none',
      OTEL_TRACES_SAMPLER: 'always_on',
      TRACE_MONGODB_COMMANDS: 'true',
    });
    expect(mongoCommandsTraced()).toBe(true);
    const traceId = '1'.repeat(32);
    const unsampled = contextFrom({ traceparent: `00-${traceId}-${'2'.repeat(16)}-00` });
    const [child, recording] = await inSpan(
      'child',
      { parent: unsampled },
      async (span) => [span, span.isRecording()] as const,
    );
    expect(recording).toBe(false);
    expect(child.spanContext()).toMatchObject({ traceId, traceFlags: 1 });
    expect(child.spanContext().spanId).toMatch(/^[0-9a-f]{16}$/);
    expect(child.spanContext().spanId).not.toBe('2'.repeat(16));
  });
});
