import { randomBytes } from 'node:crypto';
import type { GatewayConfig } from '../config/config-schema.js';

/**
 * Fills the secrets a single process would make for itself, so that every worker of one run
 * holds the same ones: a compaction item sealed by one worker opens on the others. Made once,
 * the first time a config lacks it, and kept for every reloaded config that lacks it too.
 */
export function runSecrets(onMade: (message: string) => void): (config: GatewayConfig) => GatewayConfig {
  let compactionSecret: string | undefined;
  return (config) => {
    if (config.responses.compaction.secret !== undefined) return config;
    if (compactionSecret === undefined) {
      compactionSecret = randomBytes(32).toString('base64url');
      onMade(
        'responses.compaction.secret is not set: compaction items are sealed with a secret made for this run and shared by its workers; they will not open after a restart or on another instance',
      );
    }
    return {
      ...config,
      responses: { ...config.responses, compaction: { ...config.responses.compaction, secret: compactionSecret } },
    };
  };
}
