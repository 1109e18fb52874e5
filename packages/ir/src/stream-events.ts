import type { IrCitation, IrFilePart, IrOpaque, IrWebSearchPart } from './content.js';
import type { IrErrorData } from './errors.js';
import type { IrMcpAnswerPart } from './mcp.js';
import type { IrFinishReason } from './finish-reason.js';
import type { IrUsage } from './usage.js';

/**
 * Streamed answer events: noun-verb lifecycles keyed by `index`, the block index, unique over
 * the whole response and increasing in the order blocks start. `choice` (default 0) says which
 * alternative answer a block belongs to. Every block is started, receives deltas of its own
 * kind only, and ends. `finish` comes once per choice; `usage-update` carries cumulative usage.
 */
export type IrStreamEvent =
  | { type: 'response-start'; id: string; model: string; created: number; usage?: IrUsage }
  | { type: 'text-start'; index: number; choice?: number }
  | { type: 'text-delta'; index: number; delta: string }
  | { type: 'text-end'; index: number }
  | { type: 'reasoning-start'; index: number; choice?: number }
  | { type: 'reasoning-delta'; index: number; delta: string }
  | { type: 'reasoning-signature'; index: number; opaque: IrOpaque }
  | { type: 'reasoning-end'; index: number }
  | { type: 'tool-call-start'; index: number; choice?: number; id: string; name: string; opaque?: IrOpaque }
  | { type: 'tool-call-delta'; index: number; argumentsDelta: string }
  | { type: 'tool-call-end'; index: number }
  | { type: 'file'; index: number; choice?: number; part: IrFilePart }
  /** A whole web search (query and results) as one block. */
  | { type: 'web-search'; index: number; choice?: number; part: IrWebSearchPart }
  /** An MCP tool listing, call (with its result) or approval request, as one block. */
  | { type: 'mcp'; index: number; choice?: number; part: IrMcpAnswerPart }
  /** A citation of the open text block `index`. */
  | { type: 'text-citation'; index: number; citation: IrCitation }
  | { type: 'usage-update'; usage: IrUsage }
  | { type: 'finish'; choice?: number; finishReason: IrFinishReason }
  | { type: 'error'; error: IrErrorData };

export type IrStreamEventType = IrStreamEvent['type'];

/** The event of one type. */
export type IrStreamEventOf<T extends IrStreamEventType> = Extract<IrStreamEvent, { type: T }>;

/** One handler per event type: a mapped type, so a new event is a compile error until handled. */
export type IrStreamEventHandlers<R> = { [T in IrStreamEventType]: (event: IrStreamEventOf<T>) => R };

export function dispatchStreamEvent<R>(event: IrStreamEvent, handlers: IrStreamEventHandlers<R>): R {
  const handler = handlers[event.type] as (event: IrStreamEvent) => R;
  return handler(event);
}
