import type { TelemetryConfig } from '../../config/telemetry-schema.js';

/** Where and how the gateway exports its traces, once tracing is on. */
export interface TelemetrySettings {
  /** The full OTLP/HTTP traces URL spans are posted to. */
  tracesUrl: string;
  protocol: 'http/protobuf' | 'http/json';
  serviceName: string;
  /** Share of new traces kept; undefined leaves the choice to `OTEL_TRACES_SAMPLER` (default: all, parent-based). */
  sampleRatio?: number;
  headers: Record<string, string>;
  /** Message contents go on request spans (an explicit opt-in). */
  captureMessageContent: boolean;
}

const DEFAULT_ENDPOINT = 'http://localhost:4318';
const PROTOCOLS = ['http/protobuf', 'http/json'] as const;

/**
 * The telemetry settings from the config block and the standard `OTEL_*` variables, or
 * undefined when tracing is off: on with `enabled: true`, a block `endpoint`, or
 * `OTEL_EXPORTER_OTLP_(TRACES_)ENDPOINT`; off with `enabled: false`, `OTEL_SDK_DISABLED=true` or
 * `OTEL_TRACES_EXPORTER=none` (unless the block says `enabled: true`). Throws naming the variable
 * when the protocol is one the gateway cannot export with (`grpc`).
 */
export function telemetrySettings(block: TelemetryConfig, env: NodeJS.ProcessEnv): TelemetrySettings | undefined {
  if (block.enabled === false) return undefined;
  const tracesEndpoint = nonEmpty(env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT);
  const baseEndpoint = nonEmpty(env.OTEL_EXPORTER_OTLP_ENDPOINT);
  if (block.enabled !== true) {
    if (!block.endpoint && !tracesEndpoint && !baseEndpoint) return undefined;
    if (
      env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true' ||
      env.OTEL_TRACES_EXPORTER?.trim().toLowerCase() === 'none'
    )
      return undefined;
  }
  const tracesUrl = block.endpoint
    ? tracesPath(block.endpoint)
    : (tracesEndpoint ?? tracesPath(baseEndpoint ?? DEFAULT_ENDPOINT));
  const settings: TelemetrySettings = {
    tracesUrl,
    protocol: block.protocol ?? protocolFromEnv(env),
    serviceName: block.serviceName ?? nonEmpty(env.OTEL_SERVICE_NAME) ?? 'interlingua-gateway',
    headers: block.headers,
    captureMessageContent:
      block.captureMessageContent ??
      env.OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT?.trim().toLowerCase() === 'true',
  };
  if (block.sampleRatio !== undefined) settings.sampleRatio = block.sampleRatio;
  return settings;
}

/** `<base>/v1/traces`, as the OTLP exporter spec builds it from a base endpoint. */
function tracesPath(base: string): string {
  return `${base.replace(/\/+$/, '')}/v1/traces`;
}

function protocolFromEnv(env: NodeJS.ProcessEnv): TelemetrySettings['protocol'] {
  const [name, value] = env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL
    ? ['OTEL_EXPORTER_OTLP_TRACES_PROTOCOL', env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL]
    : ['OTEL_EXPORTER_OTLP_PROTOCOL', env.OTEL_EXPORTER_OTLP_PROTOCOL ?? 'http/protobuf'];
  const protocol = value.trim();
  const known = PROTOCOLS.find((candidate) => candidate === protocol);
  if (!known)
    throw new Error(`${name}=${protocol}: the gateway exports traces over OTLP/HTTP; use http/protobuf or http/json`);
  return known;
}

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}
