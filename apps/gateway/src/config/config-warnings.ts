import type { GatewayConfig } from './config-schema.js';

/**
 * Settings that are valid but probably not what was meant, each with its path: a previous secret
 * past its date is refused already, a price row for an unknown provider prices nothing, a tiny
 * early keep-alive ends fallback at once. `check-config` prints them; the gateway starts anyway.
 */
export function configWarnings(config: GatewayConfig): string[] {
  const warnings: string[] = [];
  config.keys.forEach((key, i) => {
    key.previousSecrets?.forEach((previous, j) => {
      if (Date.parse(previous.until) <= Date.now())
        warnings.push(
          `keys[${i}].previousSecrets[${j}].until: ${previous.until} has passed, so this secret is refused already; remove it`,
        );
    });
  });
  const providerIds = new Set(config.providers.map((provider) => provider.id));
  config.pricing.forEach((row, i) => {
    if (row.provider !== undefined && !providerIds.has(row.provider))
      warnings.push(`pricing[${i}].provider: no provider with id "${row.provider}", so this row prices nothing`);
  });
  if (config.streams.firstEventKeepAliveMs > 0 && config.streams.firstEventKeepAliveMs < 1_000) {
    warnings.push(
      'streams.firstEventKeepAliveMs: under a second, slow first events commit early and fallback ends almost at once',
    );
  }
  return warnings;
}
