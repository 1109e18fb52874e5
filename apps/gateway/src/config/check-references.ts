import { configKeyId } from '../auth/api-keys.js';
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
  problems.push(...mcpReferenceProblems(config));
  config.models.forEach((route, i) => {
    route.targets.forEach((target, j) => {
      if (!providerIds.has(target.provider))
        problems.push(`models[${i}].targets[${j}].provider: no provider with id "${target.provider}"`);
    });
  });
  return problems;
}
