import type { Logger } from 'pino';
import { processCompactionSecret } from '../config/process-compaction-secret.js';
import type { ForeignReasoningPolicy } from './foreign-reasoning-policy.js';
import type { ReasoningContext } from './reasoning-call.js';

export interface ReasoningContextInput {
  /** `responses.compaction.secret`: it seals reasoning carriers too. */
  secret: string | undefined;
  /** The keyring's earlier secrets: carriers sealed with them still open. */
  previousSecrets?: readonly string[];
  /** Told once when the gateway has to make a secret of its own for this process. */
  logger: Logger;
  keyId: string;
  callerWire: string;
  callerBody: Record<string, unknown>;
  policy: ForeignReasoningPolicy | undefined;
}

/**
 * The reasoning context of one call. Without a configured secret, the per-process one is made
 * (and warned about) only when a carrier is first sealed or opened.
 */
export function reasoningContext(input: ReasoningContextInput): ReasoningContext {
  const { secret, logger, keyId } = input;
  return {
    seal: {
      keyId,
      get secret() {
        return secret ?? processCompactionSecret(logger);
      },
      ...(input.previousSecrets?.length ? { previousSecrets: input.previousSecrets } : {}),
    },
    policy: input.policy ?? 'drop',
    callerWire: input.callerWire,
    callerBody: input.callerBody,
    carriers: { sealed: 0, opened: 0, dropped: 0 },
  };
}
