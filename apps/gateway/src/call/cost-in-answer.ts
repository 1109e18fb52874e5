import type { SseMessage } from '@interlingua/ir';
import { isRecord, safeJsonParse } from '@interlingua/ir-utils';
import { callCost } from '../accounting/call-cost.js';
import type { CallOutcome, GenerationRequest } from '../context/generation-call.js';
import { OPENAI_CHAT } from '../http/request-styles.js';

/** The gateway's request header that asks for the cost in the answer's usage. */
export const INCLUDE_COST_HEADER = 'x-interlingua-include-cost';

/** OpenRouter's request field for the same: `"usage": {"include": true}` on a chat request. */
export function chatUsageOptIn(json: Record<string, unknown>): boolean {
  const usage = json.usage;
  return isRecord(usage) && usage.include === true;
}

/**
 * Whether the caller asked for the cost in the answer's usage: a chat caller only (its `usage`
 * object takes an extra member; the official SDK ignores it), by `usage.include` or by the header.
 * One header read and one field read: the answers of callers who did not ask are left alone.
 */
export function costRequested(request: Pick<GenerationRequest, 'inbound' | 'json' | 'headers'>): boolean {
  if (request.inbound.wire !== OPENAI_CHAT) return false;
  const header = request.headers[INCLUDE_COST_HEADER];
  if (typeof header === 'string' && header.trim().toLowerCase() === 'true') return true;
  return chatUsageOptIn(request.json);
}

/** The JSON text of a chat chunk or answer with `usage.cost` (USD) added; undefined when it holds no usage object. */
export function chatJsonWithCost(data: string, cost: number): string | undefined {
  if (!data.includes('"usage"')) return undefined;
  const parsed = safeJsonParse(data);
  if (!parsed.ok || !isRecord(parsed.value) || !isRecord(parsed.value.usage)) return undefined;
  parsed.value.usage.cost = cost;
  return JSON.stringify(parsed.value);
}

/** The messages with `usage.cost` added to those holding a usage object; undefined when none does. */
export function messagesWithCost(messages: readonly SseMessage[], cost: number): SseMessage[] | undefined {
  let changed = false;
  const out = messages.map((message) => {
    const data = chatJsonWithCost(message.data, cost);
    if (data === undefined) return message;
    changed = true;
    return { ...message, data };
  });
  return changed ? out : undefined;
}

/** What pricing a call's answer reads of it: the opt-in and the prices. */
type CostCall = Pick<GenerationRequest, 'inbound' | 'json' | 'headers' | 'ops'>;

/** The cost to put in the answer: the call's, when the caller asked for it and the model has a price; else `null`. */
export function costForAnswer(call: CostCall, outcome: CallOutcome): number | null {
  return costRequested(call) ? callCost({ outcome, ops: call.ops }) : null;
}

/** A whole chat answer's bytes with `usage.cost` (USD); as they are when it holds no usage object. */
export function chatBytesWithCost(body: Buffer, cost: number): Buffer {
  const priced = chatJsonWithCost(body.toString('utf8'), cost);
  return priced === undefined ? body : Buffer.from(priced);
}
