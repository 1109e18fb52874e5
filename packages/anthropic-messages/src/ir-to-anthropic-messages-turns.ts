import type { IrMessage, IrWarning } from '@interlingua/ir';
import type { AnthropicContentBlockParam, AnthropicTextBlockParam } from './anthropic-messages-content-schema.js';
import { noteIdOf, type AnthropicBlockNote } from './anthropic-messages-extension.js';
import { anthropicToolUseId, syntheticToolUseId } from './anthropic-messages-ids.js';
import type { AnthropicMessageParam } from './anthropic-messages-request-schema.js';
import { irPartToAnthropic, type PartContext } from './ir-to-anthropic-messages-part.js';

interface Turn {
  role: 'user' | 'assistant';
  /** `tool_result` blocks: they open a user turn. */
  results: AnthropicContentBlockParam[];
  blocks: AnthropicContentBlockParam[];
}

/** `system` and `messages` of a request body. */
export interface AnthropicConversation {
  system?: string | AnthropicTextBlockParam[];
  messages: AnthropicMessageParam[];
}

/** Tool-use ids: valid ids kept, others made valid; empty call ids minted and handed to empty result ids in order. */
function createIdMinter(): (id: string, isCall: boolean, seed: string) => string {
  const minted: string[] = [];
  return (id, isCall, seed) => {
    if (id !== '') return anthropicToolUseId(id, seed);
    if (isCall) {
      const fresh = syntheticToolUseId(seed);
      minted.push(fresh);
      return fresh;
    }
    return minted.shift() ?? syntheticToolUseId(seed);
  };
}

/** The blocks of one IR message, with the blocks and fields kept in the notes put back. */
function messageBlocks(
  message: IrMessage,
  index: number,
  notes: AnthropicBlockNote[],
  context: { warnings: IrWarning[]; mint: ReturnType<typeof createIdMinter> },
): AnthropicContentBlockParam[] {
  const mine = notes.filter(
    (note) => note.message === index && (note.role === undefined || note.role === message.role),
  );
  const out: AnthropicContentBlockParam[] = [];
  for (let position = 0; position <= message.content.length; position++) {
    for (const note of mine) if (note.block && note.part === position) out.push({ type: 'unknown', ...note.block });
    const part = message.content[position];
    if (!part) continue;
    const field = `messages[${index}].content[${position}]`;
    const partContext: PartContext = {
      field,
      warnings: context.warnings,
      toolUseId: (id, isCall) => context.mint(id, isCall, field),
    };
    const made = irPartToAnthropic(part, message.role, partContext);
    for (const block of Array.isArray(made) ? made : made ? [made] : []) {
      const extra = mine.find(
        (note) => note.extra && note.part === position && note.kind === block.type && note.id === noteIdOf(part),
      );
      out.push(extra?.extra ? { ...block, ...extra.extra } : block);
    }
  }
  return out;
}

function simplified(blocks: AnthropicContentBlockParam[]): string | AnthropicContentBlockParam[] {
  const only = blocks[0];
  if (blocks.length === 1 && only?.type === 'text' && Object.keys(only).length === 2 && typeof only.text === 'string')
    return only.text;
  return blocks;
}

function addToTurn(
  turns: Turn[],
  role: Turn['role'],
  results: AnthropicContentBlockParam[],
  blocks: AnthropicContentBlockParam[],
): void {
  if (results.length === 0 && blocks.length === 0) return;
  let last = turns.at(-1);
  if (last?.role !== role) {
    last = { role, results: [], blocks: [] };
    turns.push(last);
  }
  last.results.push(...results);
  last.blocks.push(...blocks);
}

/**
 * IR messages -> `system` + `messages`. System and developer messages are hoisted into `system`
 * (those after the conversation started with an `approximated` warning); `tool` messages become
 * `tool_result` blocks at the start of a user turn; consecutive same-role turns are merged and
 * turns left empty are skipped.
 */
export function irMessagesToAnthropic(
  messages: IrMessage[],
  notes: AnthropicBlockNote[],
  warnings: IrWarning[],
): AnthropicConversation {
  const mint = createIdMinter();
  const system: AnthropicContentBlockParam[] = [];
  const turns: Turn[] = [];
  messages.forEach((message, index) => {
    const blocks = messageBlocks(message, index, notes, { warnings, mint });
    if (message.role === 'system' || message.role === 'developer') {
      if (turns.length > 0 && blocks.length > 0) {
        warnings.push({
          kind: 'approximated',
          field: `messages[${index}]`,
          message: `${message.role} message moved from mid-conversation to the top-level system prompt`,
        });
      }
      system.push(...blocks);
    } else if (message.role === 'assistant') {
      addToTurn(turns, 'assistant', [], blocks);
    } else {
      const results = blocks.filter((block) => block.type === 'tool_result');
      addToTurn(
        turns,
        'user',
        results,
        blocks.filter((block) => block.type !== 'tool_result'),
      );
    }
  });
  const out: AnthropicConversation = {
    messages: turns.map((turn) => ({ role: turn.role, content: simplified([...turn.results, ...turn.blocks]) })),
  };
  if (system.length > 0) {
    const content = simplified(system);
    out.system = typeof content === 'string' ? content : (content as AnthropicTextBlockParam[]);
  }
  return out;
}
