import { z } from 'zod';
import { strictObject } from './strict-object.js';

/**
 * OpenTelemetry traces (OTLP over HTTP). Off unless `enabled: true`, an `endpoint`, or the
 * standard `OTEL_EXPORTER_OTLP_ENDPOINT` / `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT` variables say
 * where to send them; what the block sets wins over the `OTEL_*` variables. Read at start.
 */
export const telemetrySchema = strictObject({
  /** `false` keeps tracing off whatever the environment says; `true` turns it on (endpoint from the environment, or the OTLP default `http://localhost:4318`). */
  enabled: z.boolean().optional(),
  /** OTLP/HTTP base URL; spans go to `<endpoint>/v1/traces`. */
  endpoint: z.url({ protocol: /^https?$/ }).optional(),
  /** `http/protobuf` (the OTLP default) or `http/json`. */
  protocol: z.enum(['http/protobuf', 'http/json']).optional(),
  /** The `service.name` resource attribute (default `OTEL_SERVICE_NAME`, else `interlingua-gateway`). */
  serviceName: z.string().min(1).max(256).optional(),
  /** Share of new traces kept (parent-based: a caller's sampled flag is followed). Default: `OTEL_TRACES_SAMPLER`, else every trace. */
  sampleRatio: z.number().min(0).max(1).optional(),
  /**
   * Record message contents (`gen_ai.input.messages`, `gen_ai.output.messages`) on request spans.
   * Default: `OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT=true`, else never.
   */
  captureMessageContent: z.boolean().optional(),
  /** Extra headers on every export request (e.g. a collector's API key). */
  headers: z.record(z.string(), z.string()).default({}),
});

export type TelemetryConfig = z.infer<typeof telemetrySchema>;
