import protobuf from 'protobufjs';
import type { LoopbackUpstream } from '@interlingua/testkit';
import { vi } from 'vitest';
import type { RequestTracer } from './request-tracer.js';

/** One exported span, decoded from OTLP (JSON or protobuf) into one shape for assertions. */
export interface ReceivedSpan {
  name: string;
  kind: number;
  traceId: string;
  spanId: string;
  parentSpanId: string;
  startNs: bigint;
  endNs: bigint;
  statusCode: number;
  attributes: Record<string, unknown>;
}

// The part of the OTLP trace protocol (opentelemetry-proto, trace/v1) the tests read.
const OTLP_TRACE_PROTO = `
syntax = "proto3";
message AnyValue { oneof value { string string_value = 1; bool bool_value = 2; int64 int_value = 3; double double_value = 4; ArrayValue array_value = 5; } }
message ArrayValue { repeated AnyValue values = 1; }
message KeyValue { string key = 1; AnyValue value = 2; }
message Status { string message = 2; int32 code = 3; }
message Span { bytes trace_id = 1; bytes span_id = 2; string trace_state = 3; bytes parent_span_id = 4; string name = 5; int32 kind = 6;
  fixed64 start_time_unix_nano = 7; fixed64 end_time_unix_nano = 8; repeated KeyValue attributes = 9; Status status = 15; }
message ScopeSpans { repeated Span spans = 2; }
message Resource { repeated KeyValue attributes = 1; }
message ResourceSpans { Resource resource = 1; repeated ScopeSpans scope_spans = 2; }
message ExportTraceServiceRequest { repeated ResourceSpans resource_spans = 1; }
`;
const exportRequest = protobuf
  .parse(OTLP_TRACE_PROTO, { keepCase: false })
  .root.lookupType('ExportTraceServiceRequest');

interface OtlpValue {
  stringValue?: string;
  boolValue?: boolean;
  intValue?: string | number;
  doubleValue?: number;
  arrayValue?: { values?: OtlpValue[] };
}
interface OtlpSpan {
  name: string;
  kind: number;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  startTimeUnixNano: string;
  endTimeUnixNano: string;
  status?: { code?: number };
  attributes?: Array<{ key: string; value: OtlpValue }>;
}
interface OtlpRequest {
  resourceSpans?: Array<{
    resource?: { attributes?: Array<{ key: string; value: OtlpValue }> };
    scopeSpans?: Array<{ spans?: OtlpSpan[] }>;
  }>;
}

/** Every span the loopback receiver got, decoded by the content type of each export request. */
export function receivedSpans(receiver: LoopbackUpstream): {
  spans: ReceivedSpan[];
  resources: Array<Record<string, unknown>>;
} {
  const spans: ReceivedSpan[] = [];
  const resources: Array<Record<string, unknown>> = [];
  for (const request of receiver.requests) {
    const protobufBody = String(request.headers['content-type']).includes('protobuf');
    const decoded = (
      protobufBody
        ? exportRequest.toObject(exportRequest.decode(request.body), { longs: String, bytes: String, defaults: false })
        : request.json()
    ) as OtlpRequest;
    for (const resourceSpans of decoded.resourceSpans ?? []) {
      resources.push(attributesOf(resourceSpans.resource?.attributes));
      for (const scope of resourceSpans.scopeSpans ?? [])
        for (const span of scope.spans ?? []) spans.push(spanOf(span, protobufBody ? base64Hex : (id) => id));
    }
  }
  return { spans, resources };
}

const SERVER_KIND = 2;

/**
 * The spans of one trace once its request (SERVER) span arrived: it ends when the connection is
 * done with the request, just after the client read the last byte, so it is waited for.
 */
export async function spansOfTrace(
  receiver: LoopbackUpstream,
  tracer: RequestTracer,
  traceId: string,
): Promise<ReceivedSpan[]> {
  return vi.waitFor(async () => {
    await tracer.flush();
    const spans = receivedSpans(receiver).spans.filter((span) => span.traceId === traceId);
    if (!spans.some((span) => span.kind === SERVER_KIND)) throw new Error(`no request span yet in trace ${traceId}`);
    return spans;
  });
}

/** Protobuf carries ids as bytes (base64 once decoded to an object); OTLP JSON as hex. */
function base64Hex(id: string): string {
  return Buffer.from(id, 'base64').toString('hex');
}

function spanOf(span: OtlpSpan, hex: (id: string) => string): ReceivedSpan {
  return {
    name: span.name,
    kind: span.kind,
    traceId: hex(span.traceId).toLowerCase(),
    spanId: hex(span.spanId).toLowerCase(),
    parentSpanId: hex(span.parentSpanId ?? '').toLowerCase(),
    startNs: BigInt(span.startTimeUnixNano),
    endNs: BigInt(span.endTimeUnixNano),
    statusCode: span.status?.code ?? 0,
    attributes: attributesOf(span.attributes),
  };
}

function attributesOf(list: Array<{ key: string; value: OtlpValue }> | undefined): Record<string, unknown> {
  return Object.fromEntries((list ?? []).map(({ key, value }) => [key, valueOf(value)]));
}

function valueOf(value: OtlpValue): unknown {
  if (value.arrayValue) return (value.arrayValue.values ?? []).map(valueOf);
  if (value.intValue !== undefined) return Number(value.intValue);
  return value.stringValue ?? value.boolValue ?? value.doubleValue;
}
