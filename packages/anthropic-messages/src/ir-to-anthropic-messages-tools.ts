import type { IrTool, IrToolChoice } from '@interlingua/ir';
import type { AnthropicToolNote } from './anthropic-messages-extension.js';
import type { AnthropicTool, AnthropicToolChoice } from './anthropic-messages-request-schema.js';
import { IR_TOOL_CHOICE_TO_ANTHROPIC } from './map/anthropic-tool-choice.js';

function inputSchema(parameters: Record<string, unknown> | undefined): Record<string, unknown> {
  if (!parameters) return { type: 'object', properties: {} };
  return parameters.type === undefined ? { type: 'object', ...parameters } : parameters;
}

/**
 * IR tools -> custom tools (`input_schema` always an object schema). Server tools and the extra
 * fields of custom tools kept in extensions go back in: server tools at their index, extras to
 * the tool of the same name.
 */
export function irToolsToAnthropic(tools: IrTool[] | undefined, notes: AnthropicToolNote[]): AnthropicTool[] {
  const out: AnthropicTool[] = (tools ?? []).map((tool) => {
    const wire: AnthropicTool = { name: tool.name };
    if (tool.description !== undefined) wire.description = tool.description;
    wire.input_schema = inputSchema(tool.parameters);
    if (tool.strict !== undefined) wire.strict = tool.strict;
    if (tool.cacheControl) wire.cache_control = { ...tool.cacheControl };
    const note = notes.find((candidate) => candidate.extra && candidate.name === tool.name);
    return note?.extra ? { ...note.extra, ...wire } : wire;
  });
  for (const note of notes) if (note.tool) out.splice(Math.min(note.index, out.length), 0, note.tool);
  return out;
}

/** IR tool choice + `parallelToolCalls` -> `tool_choice` (`disable_parallel_tool_use` rides on it). */
export function irToolChoiceToAnthropic(
  choice: IrToolChoice | undefined,
  parallelToolCalls: boolean | undefined,
): AnthropicToolChoice | undefined {
  if (!choice) return parallelToolCalls === false ? { type: 'auto', disable_parallel_tool_use: true } : undefined;
  if (choice.type === 'none') return { type: 'none' };
  const disable = parallelToolCalls === undefined ? {} : { disable_parallel_tool_use: !parallelToolCalls };
  if (choice.type === 'tool') return { type: 'tool', name: choice.name, ...disable };
  return { type: IR_TOOL_CHOICE_TO_ANTHROPIC[choice.type], ...disable };
}
