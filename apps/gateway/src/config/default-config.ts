import { randomBytes } from 'node:crypto';
import { BUILT_IN_ADAPTERS } from '@interlingua/provider-adapters';
import { configSchema, type GatewayConfig } from './config-schema.js';
import { operatorDefaults } from './admin-defaults.js';
import { envOrFile } from './env-or-file.js';

/**
 * The config used when no file is given: the `mock` model, every provider whose usual key
 * variable is set (with a `<id>/*` prefix route and its usual base-URL variable), and one
 * gateway key from `INTERLINGUA_API_KEY` (or generated and reported through `onGeneratedKey`).
 * Each secret may come from a file instead: `INTERLINGUA_API_KEY_FILE`, `OPENAI_API_KEY_FILE`, ….
 */
export function defaultConfig(
  env: NodeJS.ProcessEnv,
  onGeneratedKey: (secret: string) => void = () => undefined,
): GatewayConfig {
  const providers: unknown[] = [{ id: 'mock', type: 'mock' }];
  const models: unknown[] = [{ name: 'mock', targets: [{ provider: 'mock', model: 'mock' }] }];
  for (const adapter of BUILT_IN_ADAPTERS) {
    if (adapter.kind !== 'http' || !adapter.environment) continue;
    const apiKey = envOrFile(env, adapter.environment.apiKey);
    if (!apiKey) continue;
    const baseUrl = adapter.environment.baseUrl ? env[adapter.environment.baseUrl] : undefined;
    if (!baseUrl && !adapter.defaultBaseUrl) continue;
    providers.push({ id: adapter.type, type: adapter.type, apiKey, ...(baseUrl ? { baseUrl } : {}) });
    models.push({ name: `${adapter.type}/*`, targets: [{ provider: adapter.type }] });
  }
  let secret = envOrFile(env, 'INTERLINGUA_API_KEY');
  if (!secret) {
    secret = `ilg-${randomBytes(24).toString('base64url')}`;
    onGeneratedKey(secret);
  }
  const server = {
    host: env.INTERLINGUA_HOST ?? '127.0.0.1',
    port: env.INTERLINGUA_PORT ? Number(env.INTERLINGUA_PORT) : 8080,
  };
  return configSchema.parse({
    server,
    keys: [{ name: 'default', secret }],
    providers,
    models,
    ...operatorDefaults(env),
  });
}
