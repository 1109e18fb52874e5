import { invalidRequest, type IrRequest } from '@interlingua/ir';
import { OPENAI_RESPONSES_STYLE, type OpenAiResponsesRequestExtensions } from '@interlingua/openai-responses';

/**
 * Refuses, as OpenAI does (400 naming `input`), a `function_call_output` whose `call_id` no
 * earlier `function_call` of the conversation made. Only for conversations the gateway sees
 * whole (the caller checks that no compaction item summarised part of it): an item reference
 * may hold the call, so its presence leaves the request as it is. Translated upstreams would
 * otherwise get a tool result without its call, which some refuse and others answer as if
 * nothing were wrong.
 */
export function refuseToolOutputsWithoutCalls(ir: IrRequest): void {
  const ext = (ir.extensions?.[OPENAI_RESPONSES_STYLE] ?? {}) as OpenAiResponsesRequestExtensions;
  if (ext.items?.some((entry) => (entry.item as { type?: unknown }).type === 'item_reference')) return;
  // A call kept without an id (the caller saw one the encoder made up) cannot be matched.
  if (ir.messages.some((message) => message.content.some((part) => part.type === 'tool-call' && part.id === '')))
    return;
  const calls = new Set<string>();
  for (const message of ir.messages) {
    for (const part of message.content) {
      if (part.type === 'tool-call') calls.add(part.id);
      else if (part.type === 'tool-result' && !calls.has(part.toolCallId)) {
        throw invalidRequest(
          `No tool call found for function call output with call_id ${part.toolCallId}: each function_call_output answers a function_call earlier in the conversation`,
          'input',
        );
      }
    }
  }
}
