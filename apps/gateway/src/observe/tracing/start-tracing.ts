import type { GatewayConfig } from '../../config/config-schema.js';
import type { RequestTracer } from './request-tracer.js';
import { telemetrySettings } from './telemetry-settings.js';

/**
 * The request tracer when the config or the `OTEL_*` variables turn tracing on; undefined
 * otherwise. The OpenTelemetry SDK is imported here, on demand: with tracing off it is never loaded.
 */
export async function startTracing(config: GatewayConfig, env: NodeJS.ProcessEnv): Promise<RequestTracer | undefined> {
  const settings = telemetrySettings(config.telemetry, env);
  if (!settings) return undefined;
  const { createOtelTracer } = await import('./otel-request-tracer.js');
  return createOtelTracer(settings);
}
