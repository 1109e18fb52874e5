import type { IrContentPart, IrMessage, IrRequest } from '@interlingua/ir';

/** The instruction the target model gets when the gateway emulates `/v1/responses/compact`. */
export const COMPACTION_INSTRUCTION = [
  'You compact conversations between a user and an AI assistant so that the assistant can continue the work in a fresh context window.',
  'Read the transcript the user sends and write a summary for the assistant that will continue it:',
  "the user's goals, requirements and constraints; decisions taken and why; what has been done so far,",
  'including the tools called and what they returned that still matters; the current state; open questions; and the next steps.',
  'Keep names, identifiers, file paths, numbers and code that later turns may need exactly as written.',
  'Write only the summary, in the language of the conversation, without addressing the user.',
].join(' ');

function partText(part: IrContentPart): string {
  switch (part.type) {
    case 'text':
    case 'refusal':
      return part.text;
    case 'file':
      return `[${part.mediaType ?? 'file'}${part.filename ? ` ${part.filename}` : ''}]`;
    case 'reasoning':
      return part.text === '' ? '' : `(thinking) ${part.text}`;
    case 'tool-call':
      return `[called tool ${part.name} (call ${part.id}) with arguments ${part.argumentsJson}]`;
    case 'web-search':
      return `[searched the web for ${part.queries.join('; ')}: ${part.sources.map((source) => source.url).join(' ')}]`;
    case 'mcp-call':
      return `[called MCP tool ${part.name} of ${part.server} with arguments ${part.argumentsJson}: ${part.error === undefined ? (part.output ?? '') : `error ${part.error}`}]`;
    case 'mcp-list-tools':
    case 'mcp-approval-response':
      return '';
    case 'mcp-approval-request':
      return `[asked to approve MCP tool ${part.name} of ${part.server} with arguments ${part.argumentsJson}]`;
    case 'tool-result':
      return `[result of tool ${part.toolName || part.toolCallId}${part.isError ? ', an error' : ''}: ${part.content.map(partText).join(' ')}]`;
  }
}

function messageText(message: IrMessage): string {
  const text = message.content
    .map(partText)
    .filter((piece) => piece !== '')
    .join('\n');
  return text === '' ? '' : `${message.role.toUpperCase()}:\n${text}`;
}

/** The conversation as one plain-text transcript (images and files named, not included). */
export function conversationTranscript(messages: readonly IrMessage[]): string {
  return messages
    .map(messageText)
    .filter((text) => text !== '')
    .join('\n\n');
}

/**
 * The request that asks the target model for a summary of a conversation: the instruction, then
 * the conversation as a transcript in one user turn (so tool calls, thinking signatures and role
 * orders that one upstream would reject never reach it). Streamed when `stream` says so.
 */
export function compactionSummaryRequest(conversation: IrRequest, stream = false): IrRequest {
  const transcript = conversationTranscript(conversation.messages);
  return {
    model: conversation.model,
    messages: [
      { role: 'system', content: [{ type: 'text', text: COMPACTION_INSTRUCTION }] },
      {
        role: 'user',
        content: [{ type: 'text', text: `<transcript>\n${transcript}\n</transcript>\n\nWrite the summary now.` }],
      },
    ],
    sampling: {},
    stream,
  };
}
