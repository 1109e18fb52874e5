import type { IncomingHttpHeaders } from 'node:http';
import type { EndpointName } from '../config/operations-schema.js';
import type { GatewayConfig } from '../config/config-schema.js';
import { gatewayError } from '../http/style-errors.js';

/** The part of the config body limits read. */
export type BodyLimitConfig = {
  limits: Pick<GatewayConfig['limits'], 'maxBodyBytes'>;
  server: Pick<GatewayConfig['server'], 'maxBodyBytes'>;
};

/** The largest request body an endpoint accepts: `limits.maxBodyBytes.<endpoint>`, else `server.maxBodyBytes`. */
export function bodyLimit(config: BodyLimitConfig, endpoint: EndpointName): number {
  return config.limits.maxBodyBytes[endpoint] ?? config.server.maxBodyBytes;
}

/** Upload limits of a multipart endpoint: its body limit, and per file the smaller of that and `maxFileBytes`. */
export function uploadLimits(
  config: BodyLimitConfig,
  endpoint: 'images' | 'audio',
  maxFileBytes: number,
): { maxTotalBytes: number; maxFileBytes: number } {
  const total = bodyLimit(config, endpoint);
  return { maxTotalBytes: total, maxFileBytes: Math.min(maxFileBytes, total) };
}

/** 413 when the declared `content-length` is over the limit (the body is never read). */
export function checkDeclaredSize(request: { headers: IncomingHttpHeaders }, limit: number): void {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) {
    throw gatewayError('request-too-large', `Request body is larger than the limit of ${limit} bytes`);
  }
}
