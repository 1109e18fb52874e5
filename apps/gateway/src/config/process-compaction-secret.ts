import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';

let processSecret: string | undefined;

/**
 * The secret that seals emulated compaction items when `responses.compaction.secret` is not set:
 * made once per process, so compaction answers on the defaults, but items sealed with it do not
 * open after a restart or on another instance. Said once, as a warning, when first made.
 */
export function processCompactionSecret(logger: Logger): string {
  if (processSecret === undefined) {
    processSecret = randomBytes(32).toString('base64url');
    logger.warn(
      'responses.compaction.secret is not set: compaction items are sealed with a secret made for this process; they will not open after a restart or on another instance',
    );
  }
  return processSecret;
}
