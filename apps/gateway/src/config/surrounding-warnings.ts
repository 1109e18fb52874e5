import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { defaultDatabase } from './admin-defaults.js';
import type { GatewayConfig } from './config-schema.js';

/** What the gateway finds around it that a config may not have counted on. */
export interface Surroundings {
  /** Running in a container (Docker, Podman, Kubernetes). */
  inContainer: boolean;
  /** The SQLite file of the zero-config defaults, when one exists (runtime keys and the ledger made on the defaults). */
  defaultDatabaseFile?: string;
}

const LOOPBACK_HOST = /^(127\.\d+\.\d+\.\d+|localhost|::1|\[::1\])$/i;
const DEFAULT_DATABASE_FILE = 'interlingua.db';

/** The surroundings of this process: container marks, and the defaults' database file. */
export function detectSurroundings(env: NodeJS.ProcessEnv): Surroundings {
  const inContainer =
    existsSync('/.dockerenv') ||
    existsSync('/run/.containerenv') ||
    env.container !== undefined ||
    env.KUBERNETES_SERVICE_HOST !== undefined;
  const file = join(defaultDatabase(env).dir, DEFAULT_DATABASE_FILE);
  return existsSync(file) ? { inContainer, defaultDatabaseFile: file } : { inContainer };
}

/**
 * Traps of a valid config in its surroundings: a loopback `server.host` in a container (its
 * HEALTHCHECK passes, nothing outside reaches it), and a `database` that is not the one the
 * zero-config defaults wrote (the runtime keys made there silently disappear).
 */
export function surroundingWarnings(config: GatewayConfig, surroundings: Surroundings): string[] {
  const warnings: string[] = [];
  if (surroundings.inContainer && LOOPBACK_HOST.test(config.server.host))
    warnings.push(
      `server.host: ${config.server.host} inside a container answers only the container itself (its health check passes, published ports do not); use 0.0.0.0, or leave server.host out so INTERLINGUA_HOST (0.0.0.0 in the image) applies`,
    );
  const file = surroundings.defaultDatabaseFile;
  if (file !== undefined && !usesFile(config, file))
    warnings.push(
      `database: the runtime keys and usage ledger made on the defaults (${file}) are not used by this config; leave database out (or point it at that folder) to keep them`,
    );
  return warnings;
}

function usesFile(config: GatewayConfig, file: string): boolean {
  const database = config.database;
  return database?.type === 'sqlite' && resolve(database.dir, database.file) === resolve(file);
}
