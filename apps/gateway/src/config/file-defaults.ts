import { defaultDatabase } from './admin-defaults.js';

/** A config file's sections as read (after `${NAME}` interpolation), before the schema checks them. */
type RawConfig = Record<string, unknown>;

const MOCK = 'mock';

/**
 * What a config file keeps of the zero-config defaults unless it says otherwise, so that moving
 * from the defaults to a file changes only what the file names:
 * - `server.host` / `server.port` from `INTERLINGUA_HOST` / `INTERLINGUA_PORT` when the file
 *   leaves them out;
 * - the gateway key from `INTERLINGUA_API_KEY` when the file has no `keys`;
 * - `admin.secret` from `INTERLINGUA_ADMIN_SECRET` when the file has no `admin` section;
 * - the embedded SQLite database in `INTERLINGUA_DATA_DIR` (default `interlingua-data`) when the
 *   file has no `database` section, unless `defaults.database: false`;
 * - the `mock` provider and model when the file names neither, unless `defaults.mock: false`.
 */
export function withFileDefaults(raw: RawConfig, env: NodeJS.ProcessEnv): RawConfig {
  const out: RawConfig = { ...raw };
  const server = serverWithEnvironment(raw.server, env);
  if (server) out.server = server;
  if (raw.keys === undefined && env.INTERLINGUA_API_KEY)
    out.keys = [{ name: 'default', secret: env.INTERLINGUA_API_KEY }];
  if (raw.admin === undefined && env.INTERLINGUA_ADMIN_SECRET) out.admin = { secret: env.INTERLINGUA_ADMIN_SECRET };
  const wanted = defaultsSwitches(raw.defaults);
  if (raw.database === undefined && wanted.database) out.database = defaultDatabase(env);
  if (wanted.mock) Object.assign(out, withMock(raw));
  return out;
}

function serverWithEnvironment(server: unknown, env: NodeJS.ProcessEnv): RawConfig | undefined {
  if (server !== undefined && !isRecord(server)) return undefined; // the schema names the problem
  const out: RawConfig = { ...server };
  if (out.host === undefined && env.INTERLINGUA_HOST) out.host = env.INTERLINGUA_HOST;
  if (out.port === undefined && env.INTERLINGUA_PORT) out.port = numberOrText(env.INTERLINGUA_PORT);
  return Object.keys(out).length > 0 ? out : undefined;
}

/** `defaults.mock` / `defaults.database`, true unless the file sets them to `false`. */
function defaultsSwitches(defaults: unknown): { mock: boolean; database: boolean } {
  const section = isRecord(defaults) ? defaults : {};
  return { mock: section.mock !== false, database: section.database !== false };
}

/** The mock provider and its `mock` route, each added when the file has nothing of that name. */
function withMock(raw: RawConfig): RawConfig {
  if (!isArrayOrAbsent(raw.providers) || !isArrayOrAbsent(raw.models)) return {};
  const providers = raw.providers ?? [];
  const models = raw.models ?? [];
  const hasProvider = providers.some((provider) => isRecord(provider) && provider.id === MOCK);
  const hasModel = models.some((model) => isRecord(model) && model.name === MOCK);
  return {
    providers: hasProvider ? providers : [...providers, { id: MOCK, type: MOCK }],
    models: hasModel || hasProvider ? models : [...models, { name: MOCK, targets: [{ provider: MOCK, model: MOCK }] }],
  };
}

function numberOrText(text: string): number | string {
  return /^\d+$/.test(text) ? Number(text) : text;
}

function isArrayOrAbsent(value: unknown): value is unknown[] | undefined {
  return value === undefined || Array.isArray(value);
}

function isRecord(value: unknown): value is RawConfig {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
