import { configKeyId, secretDigest } from '../auth/api-keys.js';
import type { GatewayConfig } from './config-schema.js';
import { mcpReferenceProblems } from './mcp-references.js';

/** Cross-field checks zod cannot express: at least one key, unique ids and names, targets naming known providers. */
export function checkReferences(config: GatewayConfig, knownTypes: ReadonlySet<string>): string[] {
  const problems: string[] = [];
  if (config.keys.length === 0)
    problems.push('keys: no gateway key is configured, so every request would be refused (401); add at least one');
  const providerIds = new Set<string>();
  config.providers.forEach((provider, i) => {
    if (!knownTypes.has(provider.type))
      problems.push(
        `providers[${i}].type: unknown provider type "${provider.type}" (known: ${[...knownTypes].join(', ')})`,
      );
    if (providerIds.has(provider.id)) problems.push(`providers[${i}].id: duplicate provider id "${provider.id}"`);
    providerIds.add(provider.id);
  });
  const keyNames = new Set<string>();
  const keyIds = new Set<string>();
  config.keys.forEach((key, i) => {
    if (keyNames.has(key.name)) problems.push(`keys[${i}].name: duplicate key name "${key.name}"`);
    keyNames.add(key.name);
    const id = configKeyId(key);
    if (keyIds.has(id)) problems.push(`keys[${i}]: another key has the id "${id}" (the same secret, or the same id)`);
    keyIds.add(id);
  });
  problems.push(...sharedSecrets(config.keys));
  problems.push(...mcpReferenceProblems(config));
  config.models.forEach((route, i) => {
    route.targets.forEach((target, j) => {
      if (!providerIds.has(target.provider))
        problems.push(`models[${i}].targets[${j}].provider: no provider with id "${target.provider}"`);
    });
  });
  if (config.cache.store === 'redis' && config.store.type !== 'redis')
    problems.push('cache.store: redis needs the top-level store to be Redis (store.type: redis, store.url)');
  return problems;
}

/** Secrets (current or previous) given twice: a presented secret must name one key. */
function sharedSecrets(keys: GatewayConfig['keys']): string[] {
  const seen = new Map<string, string>();
  const problems: string[] = [];
  keys.forEach((key, i) => {
    const entries = [
      { path: `keys[${i}]`, digest: secretDigest(key) },
      ...(key.previousSecrets ?? []).map((previous, j) => ({
        path: `keys[${i}].previousSecrets[${j}]`,
        digest: secretDigest(previous),
      })),
    ];
    for (const { path, digest } of entries) {
      const hex = digest.toString('hex');
      const first = seen.get(hex);
      if (first !== undefined)
        problems.push(`${path}: the same secret as ${first}; each secret may belong to one key, once`);
      else seen.set(hex, path);
    }
  });
  return problems;
}
