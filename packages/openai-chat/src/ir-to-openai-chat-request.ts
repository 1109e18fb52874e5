import type { IrRequest, IrResponseFormat, IrToolChoice, IrWebSearchTool, Result } from '@interlingua/ir';
import { ok } from '@interlingua/ir';
import { asRecord, irPromptCacheToOpenAi } from '@interlingua/ir-utils';
import { reasoningBudgetToOpenAiChatEffort } from './map/openai-chat-reasoning-effort.js';
import { irMessagesToOpenAiChat } from './ir-to-openai-chat-messages.js';
import { OPENAI_CHAT_EXTENSION_META_KEYS, openAiChatExtensions } from './openai-chat-extensions.js';
import type { OpenAiChatRequest } from './openai-chat-request-schema.js';
import { WarningCollector } from './openai-chat-warnings.js';

/**
 * IR -> a Chat Completions request body. Streaming always asks for usage
 * (`stream_options.include_usage`); `max_completion_tokens` is used unless the caller used
 * `max_tokens`. Fields kept in `extensions['openai-chat']` are re-emitted where the IR does not
 * set them. IR fields chat cannot carry produce warnings. The body passes `openAiChatRequestSchema`.
 */
export function irToOpenAiChatRequest(ir: IrRequest): Result<OpenAiChatRequest> {
  const warnings = new WarningCollector();
  const extensions = openAiChatExtensions(ir.extensions);
  const extraTools = Array.isArray(extensions['extraTools']) ? extensions['extraTools'] : [];
  const customToolNames = new Set(extraTools.map(customToolName).filter((name): name is string => name !== undefined));
  const legacyFunctions = extensions['legacyFunctions'] === true && extraTools.length === 0;
  const messages = irMessagesToOpenAiChat(ir.messages, {
    warnings,
    cacheBreakpoints: extensions['promptCacheBreakpoints'] === true,
    legacyFunctions,
    reasoningContent: extensions['reasoningContent'] === true,
    messageFields: extensions['messageFields'],
    customToolNames,
  });
  const body: Record<string, unknown> = { model: ir.model, messages };
  assignSampling(body, ir, warnings);
  if (ir.maxOutputTokens !== undefined)
    body[extensions['maxTokensField'] === 'max_tokens' ? 'max_tokens' : 'max_completion_tokens'] = ir.maxOutputTokens;
  if (ir.candidateCount !== undefined) body['n'] = ir.candidateCount;
  assignReasoning(body, ir, warnings);
  if (ir.responseFormat) body['response_format'] = responseFormatToChat(ir.responseFormat);
  assignTools(body, ir, extraTools, legacyFunctions, warnings);
  if (ir.stream) {
    body['stream'] = true;
    body['stream_options'] = { ...asRecord(extensions['streamOptions']), include_usage: true };
  }
  if (ir.user !== undefined) body['user'] = ir.user;
  if (ir.metadata !== undefined) body['metadata'] = ir.metadata;
  const promptCache = irPromptCacheToOpenAi(ir.promptCache, 'Chat completions');
  Object.assign(body, promptCache.fields);
  // A web search the caller asked for in another style: chat search models' `web_search_options`.
  if (ir.webSearch && extensions['web_search_options'] === undefined)
    body['web_search_options'] = irWebSearchToChat(ir.webSearch);
  for (const [key, value] of Object.entries(extensions)) {
    if (!OPENAI_CHAT_EXTENSION_META_KEYS.has(key) && !(key in body) && !isStreamOnly(key, ir)) body[key] = value;
  }
  return ok(body as OpenAiChatRequest, [...warnings.list(), ...promptCache.warnings]);
}

/** `stream_options` is rejected by OpenAI on non-streaming requests. */
function isStreamOnly(key: string, ir: IrRequest): boolean {
  return key === 'stream_options' && !ir.stream;
}

function customToolName(tool: unknown): string | undefined {
  const record = asRecord(tool);
  const name = asRecord(record?.['custom'])?.['name'];
  return record?.['type'] === 'custom' && typeof name === 'string' ? name : undefined;
}

function assignSampling(body: Record<string, unknown>, ir: IrRequest, warnings: WarningCollector): void {
  const { sampling } = ir;
  if (sampling.temperature !== undefined) body['temperature'] = sampling.temperature;
  if (sampling.topP !== undefined) body['top_p'] = sampling.topP;
  if (sampling.presencePenalty !== undefined) body['presence_penalty'] = sampling.presencePenalty;
  if (sampling.frequencyPenalty !== undefined) body['frequency_penalty'] = sampling.frequencyPenalty;
  if (sampling.seed !== undefined) body['seed'] = sampling.seed;
  if (sampling.stopSequences !== undefined && sampling.stopSequences.length > 0) body['stop'] = sampling.stopSequences;
  if (sampling.topK !== undefined) warnings.dropped('sampling.topK', 'chat completions has no top_k');
}

function assignReasoning(body: Record<string, unknown>, ir: IrRequest, warnings: WarningCollector): void {
  const reasoning = ir.reasoning;
  if (!reasoning) return;
  if (reasoning.effort !== undefined) body['reasoning_effort'] = reasoning.effort;
  else if (reasoning.budgetTokens !== undefined && reasoning.enabled !== false) {
    body['reasoning_effort'] = reasoningBudgetToOpenAiChatEffort(reasoning.budgetTokens);
    warnings.approximated(
      'reasoning.budgetTokens',
      `a thinking budget of ${reasoning.budgetTokens} tokens is sent as reasoning_effort "${String(body['reasoning_effort'])}"`,
    );
  }
  if (reasoning.summary !== undefined && reasoning.summary !== 'none') {
    warnings.dropped('reasoning.summary', 'chat completions does not return reasoning summaries');
  }
}

function responseFormatToChat(format: IrResponseFormat): Record<string, unknown> {
  if (format.type === 'text') return { type: 'text' };
  if (format.type === 'json-object') return { type: 'json_object' };
  const spec: Record<string, unknown> = { name: format.name };
  if (format.description !== undefined) spec['description'] = format.description;
  spec['schema'] = format.schema;
  if (format.strict !== undefined) spec['strict'] = format.strict;
  return { type: 'json_schema', json_schema: spec };
}

function assignTools(
  body: Record<string, unknown>,
  ir: IrRequest,
  extraTools: unknown[],
  legacy: boolean,
  warnings: WarningCollector,
): void {
  const functions = (ir.tools ?? []).map((tool) => {
    if (tool.cacheControl)
      warnings.dropped(
        'cacheControl',
        'prompt-cache breakpoints are not sent to chat completions (OpenAI caches prompts automatically)',
      );
    const fn: Record<string, unknown> = { name: tool.name };
    if (tool.description !== undefined) fn['description'] = tool.description;
    if (tool.parameters !== undefined) fn['parameters'] = tool.parameters;
    if (tool.strict !== undefined && !legacy) fn['strict'] = tool.strict;
    return fn;
  });
  const hasTools = functions.length > 0 || extraTools.length > 0;
  if (legacy) {
    if (functions.length > 0 || ir.tools) body['functions'] = functions;
    const choice = legacyToolChoice(ir.toolChoice, warnings);
    if (choice !== undefined && hasTools) body['function_call'] = choice;
    return;
  }
  if (functions.length > 0 || extraTools.length > 0 || ir.tools)
    body['tools'] = [...functions.map((fn) => ({ type: 'function', function: fn })), ...extraTools];
  // OpenAI rejects tool_choice and parallel_tool_calls when no tools are sent.
  if (ir.toolChoice && hasTools) body['tool_choice'] = toolChoiceToChat(ir.toolChoice);
  if (ir.parallelToolCalls !== undefined && hasTools) body['parallel_tool_calls'] = ir.parallelToolCalls;
}

function toolChoiceToChat(choice: IrToolChoice): unknown {
  return choice.type === 'tool' ? { type: 'function', function: { name: choice.name } } : choice.type;
}

function legacyToolChoice(choice: IrToolChoice | undefined, warnings: WarningCollector): unknown {
  if (choice === undefined) return undefined;
  if (choice.type === 'tool') return { name: choice.name };
  if (choice.type === 'required') {
    warnings.approximated('toolChoice', 'legacy function_call has no "required": sent as "auto"');
    return 'auto';
  }
  return choice.type;
}

function irWebSearchToChat(search: IrWebSearchTool): Record<string, unknown> {
  const options: Record<string, unknown> = {};
  if (search.contextSize) options['search_context_size'] = search.contextSize;
  if (search.userLocation) options['user_location'] = { type: 'approximate', approximate: search.userLocation };
  return options;
}
