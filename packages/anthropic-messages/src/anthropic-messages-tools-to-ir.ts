import type { IrTool, IrToolChoice } from '@interlingua/ir';
import type { AnthropicToolNote } from './anthropic-messages-extension.js';
import type { AnthropicCustomTool, AnthropicTool, AnthropicToolChoice } from './anthropic-messages-request-schema.js';
import { ANTHROPIC_TOOL_CHOICE_TO_IR } from './map/anthropic-tool-choice.js';

const MAPPED_TOOL_FIELDS = new Set(['name', 'description', 'input_schema', 'cache_control', 'strict']);

/**
 * Custom tools -> IR tools; server tools and the extra fields of custom tools -> notes by index.
 * The tools are ones the request schema accepted (its tool schema checked each custom tool), so
 * they are read without a second parse; the IR gets its own copy of each `input_schema`'s top level.
 */
export function anthropicToolsToIr(tools: AnthropicTool[]): { tools: IrTool[]; notes: AnthropicToolNote[] } {
  const out: { tools: IrTool[]; notes: AnthropicToolNote[] } = { tools: [], notes: [] };
  tools.forEach((raw, index) => {
    if (raw.type !== undefined && raw.type !== 'custom') {
      out.notes.push({ index, tool: raw });
      return;
    }
    const tool = raw as AnthropicCustomTool;
    const ir: IrTool = { name: tool.name, parameters: { ...tool.input_schema } };
    if (tool.description !== undefined) ir.description = tool.description;
    if (tool.strict !== undefined) ir.strict = tool.strict;
    if (tool.cache_control)
      ir.cacheControl = { type: 'ephemeral', ...(tool.cache_control.ttl ? { ttl: tool.cache_control.ttl } : {}) };
    out.tools.push(ir);
    const extra: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(tool))
      if (!MAPPED_TOOL_FIELDS.has(key) && value !== undefined) extra[key] = value;
    if (Object.keys(extra).length > 0) out.notes.push({ index, name: tool.name, extra });
  });
  return out;
}

/** `tool_choice` -> IR tool choice and `parallelToolCalls` (from `disable_parallel_tool_use`). */
export function anthropicToolChoiceToIr(choice: AnthropicToolChoice): {
  toolChoice: IrToolChoice;
  parallelToolCalls?: boolean;
} {
  const type = ANTHROPIC_TOOL_CHOICE_TO_IR[choice.type];
  const toolChoice: IrToolChoice =
    choice.type === 'tool' ? { type: 'tool', name: choice.name } : { type: type as Exclude<typeof type, 'tool'> };
  const disable = 'disable_parallel_tool_use' in choice ? choice.disable_parallel_tool_use : undefined;
  return typeof disable === 'boolean' ? { toolChoice, parallelToolCalls: !disable } : { toolChoice };
}
