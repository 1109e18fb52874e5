import type { IrContentPart, IrMcpCallPart, IrMessage, IrToolResultPart } from '@interlingua/ir';
import { joinName } from '../mcp/mcp-names.js';
import type { ToolAnswer } from './loop-types.js';

/** How an approval request of the history was settled in this turn: the call's answer, or declined. */
export type SettledApproval = ToolAnswer | { declined: string };

/** The function name the model is offered for a tool of a server: `<label>__<tool>`. */
export function offeredName(server: string, tool: string): string {
  return joinName(server, tool);
}

/**
 * The caller's history as the model reads it: every earlier MCP call becomes a function call and
 * its result (right after the assistant turn), a settled approval request too, listings and
 * unanswered approval requests go, and the caller's approval answers leave the user turns.
 */
export function modelHistory(
  messages: readonly IrMessage[],
  settled: ReadonlyMap<string, SettledApproval>,
): IrMessage[] {
  const executed = new Set<string>();
  for (const message of messages)
    for (const part of message.content)
      if (part.type === 'mcp-call' && part.approvalRequestId) executed.add(part.approvalRequestId);
  const history: IrMessage[] = [];
  for (const message of messages) {
    if (message.role !== 'assistant') {
      const content = message.content.filter((part) => part.type !== 'mcp-approval-response');
      if (content.length > 0)
        history.push(content.length === message.content.length ? message : { ...message, content });
      continue;
    }
    const content: IrContentPart[] = [];
    const results: IrToolResultPart[] = [];
    for (const part of message.content) {
      if (part.type === 'mcp-call') {
        content.push(callOf(part));
        results.push(resultOf(part.id, offeredName(part.server, part.name), answerOf(part)));
      } else if (part.type === 'mcp-approval-request') {
        const settlement = settled.get(part.id);
        if (!settlement || executed.has(part.id)) continue;
        content.push(callOf(part));
        results.push(resultOf(part.id, offeredName(part.server, part.name), settlement));
      } else if (part.type !== 'mcp-list-tools') content.push(part);
    }
    if (content.length > 0) history.push({ ...message, content });
    if (results.length > 0) history.push({ role: 'tool', content: results });
  }
  return history;
}

function callOf(part: { id: string; server: string; name: string; argumentsJson: string }): IrContentPart {
  return {
    type: 'tool-call',
    id: part.id,
    name: offeredName(part.server, part.name),
    argumentsJson: part.argumentsJson,
  };
}

function answerOf(part: IrMcpCallPart): ToolAnswer {
  return part.error !== undefined ? { error: part.error } : { output: part.output ?? '' };
}

/** A tool's answer as the function result the model reads. */
export function resultOf(toolCallId: string, toolName: string, answer: SettledApproval): IrToolResultPart {
  if ('output' in answer)
    return { type: 'tool-result', toolCallId, toolName, content: [{ type: 'text', text: answer.output }] };
  const text = 'error' in answer ? answer.error : answer.declined;
  return { type: 'tool-result', toolCallId, toolName, content: [{ type: 'text', text }], isError: true };
}
