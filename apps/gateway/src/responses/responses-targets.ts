import type { GenerationRequestDraft } from '../context/generation-call.js';
import type { RouteTarget } from '../plan/model-router.js';
import { openAiOnlyError } from './responses-conversation.js';
import type { ResponseStore } from './response-store.js';
import type { UpstreamResponseOwners } from './upstream-response-owners.js';
import { OPENAI_RESPONSES } from '../http/request-styles.js';

/** What the Responses routes share: the stored responses, the compaction secret, and where passed-through responses are kept. */
export interface ResponsesState {
  store: ResponseStore;
  secret: string | undefined;
  /** The compaction keyring's earlier secrets: items sealed with them still open. */
  previousSecrets: readonly string[];
  owners: UpstreamResponseOwners;
}

/** True when the target speaks OpenAI Responses upstream (the only place OpenAI-minted state can go). */
export function isResponsesTarget(target: RouteTarget | undefined): boolean {
  return (
    target?.adapter.kind === 'http' && target.adapter.wire(target.settings, target.upstreamModel) === OPENAI_RESPONSES
  );
}

/** Keeps only OpenAI Responses targets when the request carries OpenAI-minted state; a 400 when none is left. */
export function restrictToResponsesTargets(call: GenerationRequestDraft, reasons: readonly string[]): void {
  if (reasons.length === 0) return;
  const targets = call.route.targets.filter(isResponsesTarget);
  if (targets.length === 0) throw openAiOnlyError(call.model, reasons);
  call.route = { ...call.route, targets };
}
