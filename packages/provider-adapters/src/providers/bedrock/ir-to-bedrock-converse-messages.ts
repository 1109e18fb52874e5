import type { IrMessage, IrWarning } from '@interlingua/ir';
import { invalidRequest } from '@interlingua/ir';
import type { BedrockContentBlock, BedrockMessage } from './bedrock-converse-schema.js';
import type { BedrockModelContext } from './bedrock-model-family.js';
import { cachePointBlock, irPartToBedrock } from './ir-to-bedrock-converse-content.js';

type SystemBlock = { text: string } | { cachePoint: { type: 'default'; ttl?: string } };

/** The `system` blocks and alternating `messages` of a Converse request. */
export interface BedrockTurns {
  system: SystemBlock[];
  messages: BedrockMessage[];
}

function systemBlocks(message: IrMessage, index: number, warnings: IrWarning[]): SystemBlock[] {
  const out: SystemBlock[] = [];
  message.content.forEach((part, position) => {
    if (part.type === 'text') {
      if (part.text !== '') out.push({ text: part.text });
      out.push(...cachePointBlock(part.cacheControl));
      return;
    }
    warnings.push({
      kind: 'dropped',
      field: `messages[${index}].content[${position}]`,
      message: `Bedrock system prompts hold text only; a ${part.type} part was dropped`,
    });
  });
  return out;
}

/** Tool results open the user turn they go into (Converse pairs them with the previous turn's calls). */
function append(
  messages: BedrockMessage[],
  role: 'user' | 'assistant',
  blocks: BedrockContentBlock[],
  toolResults: boolean,
): void {
  if (blocks.length === 0) return;
  const last = messages.at(-1);
  if (last?.role !== role) {
    messages.push({ role, content: blocks });
    return;
  }
  if (toolResults) {
    const firstOther = last.content.findIndex((block) => block.toolResult === undefined);
    last.content.splice(firstOther === -1 ? last.content.length : firstOther, 0, ...blocks);
  } else last.content.push(...blocks);
}

/**
 * IR messages -> Converse `system` + `messages`. System and developer messages are hoisted into
 * `system` (a warning when they came after the conversation started); `tool` messages become
 * `toolResult` blocks of a user turn; consecutive turns of one role are merged, because Converse
 * wants user and assistant turns to alternate.
 * @see https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_Message.html
 */
export function irMessagesToBedrock(
  messages: readonly IrMessage[],
  context: BedrockModelContext,
  warnings: IrWarning[],
): BedrockTurns {
  const turns: BedrockTurns = { system: [], messages: [] };
  messages.forEach((message, index) => {
    if (message.role === 'system' || message.role === 'developer') {
      if (turns.messages.length > 0) {
        warnings.push({
          kind: 'approximated',
          field: `messages[${index}]`,
          message: 'Bedrock takes system instructions only before the conversation; this one was moved into `system`',
        });
      }
      turns.system.push(...systemBlocks(message, index, warnings));
      return;
    }
    const blocks = message.content.flatMap((part, position) =>
      irPartToBedrock(part, `messages[${index}].content[${position}]`, context, warnings),
    );
    if (message.role === 'tool') append(turns.messages, 'user', blocks, true);
    else append(turns.messages, message.role, blocks, false);
  });
  if (turns.messages.length === 0)
    throw invalidRequest(
      'messages: Bedrock Converse needs at least one user or assistant turn with content',
      'messages',
    );
  return turns;
}
