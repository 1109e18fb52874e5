import type { IrRequest, IrTool, IrWarning } from '@interlingua/ir';
import { ANTHROPIC_MIN_THINKING_BUDGET, IR_EFFORT_TO_ANTHROPIC_BUDGET } from '@interlingua/anthropic-messages';
import { ANTHROPIC_DEFAULT_MAX_TOKENS } from '@interlingua/anthropic-messages/internal';
import type { BedrockConverseRequest, BedrockMessage } from './bedrock-converse-schema.js';
import type { BedrockModelContext } from './bedrock-model-family.js';
import { cachePointBlock } from './ir-to-bedrock-converse-content.js';

type ToolConfig = NonNullable<BedrockConverseRequest['toolConfig']>;
type InferenceConfig = NonNullable<BedrockConverseRequest['inferenceConfig']>;

function usesTools(messages: readonly BedrockMessage[]): boolean {
  return messages.some((message) =>
    message.content.some((block) => block.toolUse !== undefined || block.toolResult !== undefined),
  );
}

function toolSpec(tool: IrTool, index: number, warnings: IrWarning[]): ToolConfig['tools'] {
  if (tool.strict !== undefined)
    warnings.push({
      kind: 'dropped',
      field: `tools[${index}].strict`,
      message: 'Bedrock tool specs have no strict mode',
    });
  const spec = {
    name: tool.name,
    ...(tool.description ? { description: tool.description } : {}),
    inputSchema: { json: tool.parameters ?? { type: 'object', properties: {} } },
  };
  return [{ toolSpec: spec }, ...cachePointBlock(tool.cacheControl)];
}

/**
 * IR tools and tool choice -> `toolConfig`. `none` sends no tools when the history has no tool
 * blocks (Converse then needs none), else keeps them on `auto` with a warning; `required` is `any`.
 * @see https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_ToolConfiguration.html
 */
export function irToolsToBedrock(
  ir: IrRequest,
  messages: readonly BedrockMessage[],
  warnings: IrWarning[],
): ToolConfig | undefined {
  const tools = (ir.tools ?? []).flatMap((tool, index) => toolSpec(tool, index, warnings));
  if (ir.parallelToolCalls === false)
    warnings.push({
      kind: 'dropped',
      field: 'parallelToolCalls',
      message: 'Bedrock Converse cannot limit an answer to one tool call',
    });
  if (tools.length === 0) return undefined;
  const choice = ir.toolChoice;
  if (choice?.type === 'none') {
    if (!usesTools(messages)) return undefined;
    warnings.push({
      kind: 'approximated',
      field: 'toolChoice',
      message: 'Bedrock has no tool choice "none" while the conversation holds tool blocks; sent as auto',
    });
    return { tools };
  }
  if (choice?.type === 'required') return { tools, toolChoice: { any: {} } };
  if (choice?.type === 'tool') return { tools, toolChoice: { tool: { name: choice.name } } };
  if (choice?.type === 'auto') return { tools, toolChoice: { auto: {} } };
  return { tools };
}

/** `inferenceConfig` from the IR's output limit and sampling (`undefined` when empty). */
export function irInferenceConfigToBedrock(
  ir: IrRequest,
  maxTokens: number | undefined,
  warnings: IrWarning[],
): InferenceConfig | undefined {
  const { temperature, topP, stopSequences, presencePenalty, frequencyPenalty, seed } = ir.sampling;
  const config: InferenceConfig = {};
  if (maxTokens !== undefined) config.maxTokens = maxTokens;
  if (temperature !== undefined) config.temperature = Math.min(temperature, 1);
  if (temperature !== undefined && temperature > 1)
    warnings.push({
      kind: 'approximated',
      field: 'sampling.temperature',
      message: `Bedrock Converse takes temperatures from 0 to 1; ${temperature} was sent as 1`,
    });
  if (topP !== undefined) config.topP = topP;
  if (stopSequences && stopSequences.length > 0) config.stopSequences = stopSequences;
  const dropped = { presencePenalty, frequencyPenalty, seed };
  for (const [field, value] of Object.entries(dropped)) {
    if (value !== undefined)
      warnings.push({ kind: 'dropped', field: `sampling.${field}`, message: `Bedrock Converse has no ${field}` });
  }
  return Object.keys(config).length > 0 ? config : undefined;
}

/** Claude's `thinking` on Bedrock (through `additionalModelRequestFields`), and the output limit it needs. */
export interface BedrockThinkingPlan {
  fields: Record<string, unknown>;
  maxTokens: number | undefined;
}

function thinkingBudget(ir: IrRequest): number | undefined {
  const reasoning = ir.reasoning;
  if (!reasoning || reasoning.enabled === false || reasoning.effort === 'none' || reasoning.budgetTokens === 0)
    return undefined;
  if (reasoning.budgetTokens !== undefined) return Math.max(reasoning.budgetTokens, ANTHROPIC_MIN_THINKING_BUDGET);
  if (reasoning.effort !== undefined) return IR_EFFORT_TO_ANTHROPIC_BUDGET[reasoning.effort];
  return reasoning.enabled === true ? IR_EFFORT_TO_ANTHROPIC_BUDGET.medium : undefined;
}

/**
 * Model-specific request fields: for Claude, `thinking` with a budget (an effort alone becomes one
 * by Anthropic's table; `maxTokens` is raised above it) and `top_k`. Other model families take
 * neither through Converse's common fields: they are dropped with a warning.
 * @see https://docs.aws.amazon.com/bedrock/latest/userguide/claude-messages-extended-thinking.html
 * @see https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_Converse.html#bedrock-runtime_Converse-request-additionalModelRequestFields
 */
export function irModelFieldsToBedrock(
  ir: IrRequest,
  context: BedrockModelContext,
  warnings: IrWarning[],
): BedrockThinkingPlan {
  const fields: Record<string, unknown> = {};
  let maxTokens = ir.maxOutputTokens;
  const budget = thinkingBudget(ir);
  const forcedTool = ir.toolChoice?.type === 'required' || ir.toolChoice?.type === 'tool';
  if (budget !== undefined && !context.anthropic)
    warnings.push({
      kind: 'dropped',
      field: 'reasoning',
      message: 'reasoning settings reach only Claude models through Bedrock Converse',
    });
  if (budget !== undefined && context.anthropic && !forcedTool) {
    fields.thinking = { type: 'enabled', budget_tokens: budget };
    const limit = maxTokens ?? ANTHROPIC_DEFAULT_MAX_TOKENS;
    if (limit <= budget) {
      warnings.push({
        kind: 'approximated',
        field: 'maxOutputTokens',
        message: `maxTokens raised to ${budget + limit} to stay above the thinking budget ${budget}`,
      });
      maxTokens = budget + limit;
    } else maxTokens = limit;
  }
  if (ir.sampling.topK !== undefined) {
    if (context.anthropic) fields.top_k = ir.sampling.topK;
    else
      warnings.push({
        kind: 'dropped',
        field: 'sampling.topK',
        message: 'top_k reaches only Claude models through Bedrock Converse',
      });
  }
  return { fields, maxTokens };
}
