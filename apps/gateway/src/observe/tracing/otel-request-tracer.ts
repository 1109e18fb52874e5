import type { RequestHead } from '../../http/request-head.js';
import {
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  defaultTextMapGetter,
  defaultTextMapSetter,
  trace,
  type Context,
  type Span,
  type Tracer,
} from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter as JsonExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { OTLPTraceExporter as ProtobufExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { detectResources, envDetector, resourceFromAttributes } from '@opentelemetry/resources';
import {
  BasicTracerProvider,
  BatchSpanProcessor,
  ParentBasedSampler,
  TraceIdRatioBasedSampler,
} from '@opentelemetry/sdk-trace-base';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';
import type { IrErrorData, IrRequest, IrResponse } from '@interlingua/ir';
import type { EndpointName } from '../../config/operations-schema.js';
import type { RouteTarget } from '../../context/route-target.js';
import type { ObservedCall } from '../../context/observed-call.js';
import { inputContentAttributes, outputContentAttributes } from './message-content.js';
import type { ChildSpan, RequestTrace, RequestTracer } from './request-tracer.js';
import {
  answerAttributes,
  attemptStartAttributes,
  errorAttributes,
  operationName,
  requestEndAttributes,
  type FinishedRequest,
} from './span-attributes.js';
import type { TelemetrySettings } from './telemetry-settings.js';

/**
 * The span queue while message contents are recorded: each span holds at most two content
 * attributes of MAX_CONTENT_CHARS, so spans waiting for an exporter that is slow or away hold
 * at most 256 × 2 × 32,768 characters of content (16 Mi) instead of the SDK's 2,048 spans.
 */
const CONTENT_SPAN_QUEUE = { maxQueueSize: 256, maxExportBatchSize: 64 };

/**
 * The OpenTelemetry SDK behind `RequestTracer`: a tracer provider of its own (never the global
 * one), a batch processor and an OTLP/HTTP exporter. This module is imported only when tracing is
 * on, so the SDK is never loaded otherwise. Contexts are passed by hand (no context manager).
 */
export function createOtelTracer(settings: TelemetrySettings): RequestTracer {
  const Exporter = settings.protocol === 'http/json' ? JsonExporter : ProtobufExporter;
  const exporter = new Exporter({ url: settings.tracesUrl, headers: settings.headers });
  const resource = detectResources({ detectors: [envDetector] }).merge(
    resourceFromAttributes({ [ATTR_SERVICE_NAME]: settings.serviceName }),
  );
  const provider = new BasicTracerProvider({
    resource,
    spanProcessors: [new BatchSpanProcessor(exporter, settings.captureMessageContent ? CONTENT_SPAN_QUEUE : {})],
    ...(settings.sampleRatio !== undefined
      ? { sampler: new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(settings.sampleRatio) }) }
      : {}),
  });
  const tracer = provider.getTracer('@interlingua/gateway');
  const propagator = new W3CTraceContextPropagator();
  return {
    capturesContent: settings.captureMessageContent,
    startRequest: (request, endpoint) => new OtelRequestTrace(tracer, propagator, request, endpoint),
    flush: () => provider.forceFlush(),
    shutdown: () => provider.shutdown(),
  };
}

class OtelRequestTrace implements RequestTrace {
  private readonly span: Span;
  private readonly context: Context;
  private call?: ObservedCall;
  private attempt?: { span: Span; context: Context };
  private readonly chain: string[] = [];
  /** The request in IR, when message contents are captured. */
  private input?: () => IrRequest | undefined;

  constructor(
    private readonly tracer: Tracer,
    private readonly propagator: W3CTraceContextPropagator,
    request: RequestHead,
    private readonly endpoint: EndpointName,
  ) {
    const parent = propagator.extract(ROOT_CONTEXT, request.headers, defaultTextMapGetter);
    const path = (request.url ?? '/').split('?', 1)[0] ?? '/';
    this.span = tracer.startSpan(
      `${request.method ?? 'POST'} ${endpoint}`,
      {
        kind: SpanKind.SERVER,
        attributes: {
          'http.request.method': request.method ?? 'POST',
          'url.path': path,
          'interlingua.endpoint': endpoint,
        },
      },
      parent,
    );
    this.context = trace.setSpan(parent, this.span);
  }

  follow(call: ObservedCall): void {
    this.call = call;
  }

  followContent(input: () => IrRequest | undefined): (answer: IrResponse) => void {
    this.input = input;
    return (answer) => this.span.setAttributes(outputContentAttributes(answer));
  }

  attemptStarted(target: RouteTarget): void {
    this.attemptEnded();
    this.chain.push(`${target.settings.id}/${target.upstreamModel}`);
    const operation = operationName(this.endpoint, this.call);
    const span = this.tracer.startSpan(
      `${operation} ${target.upstreamModel}`,
      { kind: SpanKind.CLIENT, attributes: attemptStartAttributes(operation, target, this.chain.length) },
      this.context,
    );
    this.attempt = { span, context: trace.setSpan(this.context, span) };
  }

  attemptFailed(error: IrErrorData): void {
    const span = this.attempt?.span;
    if (!span) return;
    span.setAttributes(errorAttributes(error));
    span.setStatus({ code: SpanStatusCode.ERROR, message: error.message });
  }

  attemptEnded(): void {
    const attempt = this.attempt;
    if (!attempt) return;
    this.attempt = undefined;
    const outcome = this.call?.outcome;
    if (outcome) attempt.span.setAttributes(answerAttributes(outcome));
    attempt.span.end();
  }

  recordChild(child: ChildSpan): void {
    const end = Date.now();
    const span = this.tracer.startSpan(
      child.name,
      { kind: SpanKind.CLIENT, attributes: child.attributes, startTime: new Date(end - child.durationMs) },
      this.context,
    );
    if (child.error) {
      span.setAttribute('error.type', child.error);
      span.setStatus({ code: SpanStatusCode.ERROR });
    }
    span.end(new Date(end));
  }

  inject(headers: Record<string, string>): void {
    this.propagator.inject(this.attempt?.context ?? this.context, headers, defaultTextMapSetter);
  }

  end(finished: Omit<FinishedRequest, 'chain'>): void {
    this.attemptEnded();
    const attributes = requestEndAttributes({ ...finished, chain: this.chain });
    this.span.setAttributes(attributes);
    const input = this.input?.();
    if (input) this.span.setAttributes(inputContentAttributes(input));
    if (finished.call) this.span.updateName(`${String(attributes['gen_ai.operation.name'])} ${finished.call.model}`);
    if (finished.status >= 500) {
      const lastError = finished.call?.outcome.lastError;
      this.span.setAttribute('error.type', lastError?.kind ?? String(finished.status));
      this.span.setStatus({ code: SpanStatusCode.ERROR, ...(lastError ? { message: lastError.message } : {}) });
    }
    this.span.end();
  }
}
