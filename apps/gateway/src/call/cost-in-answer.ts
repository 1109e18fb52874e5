import type { SseMessage } from '@interlingua/ir';
import { isRecord, safeJsonParse } from '@interlingua/ir-utils';
import { callCost } from '../accounting/call-cost.js';
import type { CallOutcome, GenerationRequest } from '../context/generation-call.js';

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

/** What pricing a call's answer reads of it: what the caller asked and the prices. */
type CostCall = Pick<GenerationRequest, 'asks' | 'ops'>;

/** The cost to put in the answer: the call's, when the caller asked for it and the model has a price; else `null`. */
export function costForAnswer(call: CostCall, outcome: CallOutcome): number | null {
  return call.asks.costInAnswer ? callCost({ outcome, ops: call.ops }) : null;
}

/** A whole chat answer's bytes with `usage.cost` (USD); as they are when it holds no usage object. */
export function chatBytesWithCost(body: Buffer, cost: number): Buffer {
  const priced = chatJsonWithCost(body.toString('utf8'), cost);
  return priced === undefined ? body : Buffer.from(priced);
}
