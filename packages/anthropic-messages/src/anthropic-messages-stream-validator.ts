import type { SseMessage } from '@interlingua/ir';
import { formatIssuePath, safeJsonParse } from '@interlingua/ir-utils';
import {
  anthropicMessagesStrictStreamEventSchema,
  type AnthropicStreamEvent,
} from './anthropic-messages-stream-event-schema.js';

const DELTA_FOR_BLOCK: Record<string, readonly string[]> = {
  text: ['text_delta', 'citations_delta'],
  thinking: ['thinking_delta', 'signature_delta'],
  redacted_thinking: [],
  tool_use: ['input_json_delta'],
  server_tool_use: ['input_json_delta'],
  web_search_tool_result: [],
  mcp_tool_use: ['input_json_delta'],
  mcp_tool_result: [],
};

interface GrammarState {
  phase: 'before' | 'message' | 'delta' | 'stopped' | 'error';
  blocks: string[];
  open: number | undefined;
}

function step(event: AnthropicStreamEvent, state: GrammarState): string | undefined {
  if (state.phase === 'stopped' || state.phase === 'error') return `${event.type} after the end of the stream`;
  if (event.type === 'ping') return undefined;
  if (event.type === 'error') {
    state.phase = 'error';
    return undefined;
  }
  if (event.type === 'message_start') {
    if (state.phase !== 'before') return 'a second message_start';
    state.phase = 'message';
    return undefined;
  }
  if (state.phase === 'before') return `${event.type} before message_start`;
  switch (event.type) {
    case 'content_block_start':
      if (state.phase !== 'message') return 'content_block_start after message_delta';
      if (state.open !== undefined) return `content_block_start while block ${state.open} is open`;
      if (event.index !== state.blocks.length)
        return `content_block_start index ${event.index}, expected ${state.blocks.length}`;
      state.blocks.push(event.content_block.type);
      state.open = event.index;
      return undefined;
    case 'content_block_delta': {
      if (event.index !== state.open) return `content_block_delta for block ${event.index}, which is not open`;
      const allowed = DELTA_FOR_BLOCK[state.blocks[event.index] ?? ''] ?? [];
      return allowed.includes(event.delta.type)
        ? undefined
        : `${event.delta.type} in a ${state.blocks[event.index]} block`;
    }
    case 'content_block_stop':
      if (event.index !== state.open) return `content_block_stop for block ${event.index}, which is not open`;
      state.open = undefined;
      return undefined;
    case 'message_delta':
      if (state.open !== undefined) return `message_delta while block ${state.open} is open`;
      state.phase = 'delta';
      return undefined;
    case 'message_stop':
      if (state.phase !== 'delta') return 'message_stop without message_delta';
      state.phase = 'stopped';
      return undefined;
  }
}

/**
 * Checks a stream against what `@anthropic-ai/sdk` needs: every event named by its `type`,
 * valid under the strict event schema, `message_start` first, blocks 0,1,2… one at a time with
 * deltas of their own kind, `message_delta` then `message_stop` last (or an `error` last).
 * Returns the problems found (empty when the stream is valid).
 */
export function validateAnthropicMessagesStream(messages: readonly SseMessage[]): string[] {
  const problems: string[] = [];
  const state: GrammarState = { phase: 'before', blocks: [], open: undefined };
  messages.forEach((message, position) => {
    const parsed = safeJsonParse(message.data);
    const checked = anthropicMessagesStrictStreamEventSchema.safeParse(parsed.ok ? parsed.value : undefined);
    if (!checked.success) {
      const issue = checked.error.issues[0];
      problems.push(`event ${position}: ${formatIssuePath(issue?.path ?? [])} ${issue?.message ?? 'invalid'}`.trim());
      return;
    }
    if (message.event !== checked.data.type)
      problems.push(`event ${position}: SSE event name ${String(message.event)} is not ${checked.data.type}`);
    const problem = step(checked.data, state);
    if (problem) problems.push(`event ${position}: ${problem}`);
  });
  if (state.phase !== 'stopped' && state.phase !== 'error')
    problems.push('the stream does not end with message_stop or error');
  return problems;
}
