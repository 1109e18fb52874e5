import type { IrRequest, IrResponseFormat, IrSampling, IrTool, IrToolChoice, Result } from '@interlingua/ir';
import { invalidRequest, ok } from '@interlingua/ir';
import {
  asRecord,
  deepestIssue,
  formatIssuePath,
  openAiPromptCacheToIr,
  openAiWebSearchToIr,
} from '@interlingua/ir-utils';
import type { z } from 'zod';
import { OPENAI_CHAT_REASONING_EFFORT_TO_IR } from './map/openai-chat-reasoning-effort.js';
import type { OpenAiChatRequestExtensions } from './openai-chat-extensions.js';
import type { MessagesToIrContext } from './openai-chat-messages-to-ir.js';
import { openAiChatMessagesToIr } from './openai-chat-messages-to-ir.js';
import type {
  OpenAiChatFunctionTool,
  OpenAiChatRequest,
  OpenAiChatResponseFormat,
  OpenAiChatTool,
  OpenAiChatToolChoice,
} from './openai-chat-request-schema.js';
import { openAiChatRequestLimitsSchema, openAiChatRequestSchema } from './openai-chat-request-schema.js';

/** Top-level fields mapped onto IR fields (everything else is kept in extensions). */
const MAPPED_FIELDS: ReadonlySet<string> = new Set([
  'model',
  'messages',
  'temperature',
  'top_p',
  'n',
  'stream',
  'stream_options',
  'stop',
  'max_completion_tokens',
  'max_tokens',
  'presence_penalty',
  'frequency_penalty',
  'seed',
  'user',
  'prompt_cache_key',
  'prompt_cache_retention',
  'metadata',
  'reasoning_effort',
  'response_format',
  'tools',
  'tool_choice',
  'parallel_tool_calls',
  'functions',
  'function_call',
]);

function throwInvalid(error: z.core.$ZodError): never {
  const first = error.issues[0];
  const issue = first ? deepestIssue(first) : undefined;
  const path = issue ? formatIssuePath(issue.path) : '';
  const message = issue?.message ?? 'Invalid request';
  throw invalidRequest(path === '' ? message : `${path}: ${message}`, path === '' ? undefined : path);
}

/**
 * Checks only the fields of a Chat Completions request that have limits (model name length,
 * sampling ranges, tool names, metadata, end-user ids), for a body forwarded without being
 * decoded. Throws `invalidRequest` naming the field, as `openAiChatRequestToIr` does.
 */
export function checkOpenAiChatRequestLimits(wire: unknown): void {
  const parsed = openAiChatRequestLimitsSchema.safeParse(wire);
  if (!parsed.success) throwInvalid(parsed.error);
}

/**
 * A Chat Completions request -> IR. Throws `invalidRequest` naming the bad field. Fields the IR
 * has no place for are kept in `extensions['openai-chat']` (see `OpenAiChatRequestExtensions`).
 */
export function openAiChatRequestToIr(wire: unknown): Result<IrRequest> {
  const parsed = openAiChatRequestSchema.safeParse(wire);
  if (!parsed.success) throwInvalid(parsed.error);
  return ok(openAiChatRequestBodyToIr(parsed.data));
}

/**
 * A Chat Completions request the request schema accepted (or would accept exactly as it is) ->
 * IR, without parsing it again.
 */
export function openAiChatRequestBodyToIr(body: OpenAiChatRequest): IrRequest {
  const context: MessagesToIrContext = {
    sawCacheBreakpoint: false,
    sawLegacyFunction: false,
    sawReasoningContent: false,
    messageFields: {},
  };
  const ir: IrRequest = {
    model: body.model,
    messages: openAiChatMessagesToIr(body.messages, context),
    sampling: samplingToIr(body),
    stream: body.stream === true,
  };
  const extensions = extensionsFromRequest(body, context);
  assignTools(ir, body, extensions);
  const maxOutputTokens = body.max_completion_tokens ?? body.max_tokens;
  if (maxOutputTokens != null) ir.maxOutputTokens = maxOutputTokens;
  if (body.max_tokens != null && body.max_completion_tokens == null) extensions.maxTokensField = 'max_tokens';
  else if (body.max_tokens != null) extensions['max_tokens'] = body.max_tokens;
  if (body.n != null) ir.candidateCount = body.n;
  if (body.reasoning_effort != null)
    ir.reasoning = { effort: OPENAI_CHAT_REASONING_EFFORT_TO_IR[body.reasoning_effort] };
  if (body.response_format != null) ir.responseFormat = responseFormatToIr(body.response_format);
  if (body.stream_options?.include_usage != null) ir.includeStreamUsage = body.stream_options.include_usage;
  if (body.user != null) ir.user = body.user;
  if (body.metadata != null) ir.metadata = body.metadata;
  const promptCache = openAiPromptCacheToIr(body.prompt_cache_key, body.prompt_cache_retention);
  if (promptCache) ir.promptCache = promptCache;
  const search = asRecord(extensions['web_search_options']);
  if (search) ir.webSearch = openAiWebSearchToIr(search);
  if (Object.keys(extensions).length > 0) ir.extensions = { 'openai-chat': extensions };
  return ir;
}

function samplingToIr(body: OpenAiChatRequest): IrSampling {
  const sampling: IrSampling = {};
  if (body.temperature != null) sampling.temperature = body.temperature;
  if (body.top_p != null) sampling.topP = body.top_p;
  if (body.presence_penalty != null) sampling.presencePenalty = body.presence_penalty;
  if (body.frequency_penalty != null) sampling.frequencyPenalty = body.frequency_penalty;
  if (body.seed != null) sampling.seed = body.seed;
  if (body.stop != null) sampling.stopSequences = typeof body.stop === 'string' ? [body.stop] : body.stop;
  return sampling;
}

function extensionsFromRequest(body: OpenAiChatRequest, context: MessagesToIrContext): OpenAiChatRequestExtensions {
  const extensions: OpenAiChatRequestExtensions = {};
  for (const [key, value] of Object.entries(body)) {
    if (!MAPPED_FIELDS.has(key) && value !== undefined) extensions[key] = value;
  }
  const { include_usage: _includeUsage, ...streamOptions } = body.stream_options ?? {};
  if (Object.keys(streamOptions).length > 0) extensions.streamOptions = streamOptions;
  if (context.sawLegacyFunction || body.functions != null || body.function_call != null)
    extensions.legacyFunctions = true;
  if (context.sawReasoningContent) extensions.reasoningContent = true;
  if (context.sawCacheBreakpoint) extensions.promptCacheBreakpoints = true;
  if (Object.keys(context.messageFields).length > 0) extensions.messageFields = context.messageFields;
  return extensions;
}

function assignTools(ir: IrRequest, body: OpenAiChatRequest, extensions: OpenAiChatRequestExtensions): void {
  const tools: IrTool[] = [];
  const extraTools: unknown[] = [];
  for (const tool of body.tools ?? []) {
    const fn = functionOf(tool);
    if (fn) tools.push(fn);
    else extraTools.push(tool);
  }
  for (const fn of body.functions ?? []) tools.push(toolToIr(fn));
  if (tools.length > 0 || body.tools != null || body.functions != null) ir.tools = tools;
  if (extraTools.length > 0) extensions.extraTools = extraTools;
  const choice = body.tool_choice ?? legacyChoice(body.function_call);
  if (choice != null) {
    const mapped = toolChoiceToIr(choice);
    if (mapped) ir.toolChoice = mapped;
    else extensions['tool_choice'] = choice;
  }
  if (body.parallel_tool_calls != null) ir.parallelToolCalls = body.parallel_tool_calls;
}

/** The schema only lets `type: 'function'` through as a complete function tool. */
function isFunctionTool(tool: OpenAiChatTool): tool is OpenAiChatFunctionTool {
  return tool.type === 'function';
}

function functionOf(tool: OpenAiChatTool): IrTool | undefined {
  return isFunctionTool(tool) ? toolToIr(tool.function) : undefined;
}

interface WireFunction {
  name: string;
  description?: string | undefined;
  parameters?: Record<string, unknown> | undefined;
  strict?: boolean | null | undefined;
}

function toolToIr(fn: WireFunction): IrTool {
  const tool: IrTool = { name: fn.name };
  if (fn.description !== undefined) tool.description = fn.description;
  if (fn.parameters !== undefined) tool.parameters = fn.parameters;
  if (fn.strict != null) tool.strict = fn.strict;
  return tool;
}

function legacyChoice(choice: OpenAiChatRequest['function_call']): OpenAiChatToolChoice | undefined {
  if (choice == null) return undefined;
  if (typeof choice === 'string') return choice;
  return { type: 'function', function: { name: choice.name } };
}

/** The schema only lets `type: 'function'` through with `function.name`. */
function isNamedFunctionChoice(
  choice: Exclude<OpenAiChatToolChoice, string>,
): choice is Extract<OpenAiChatToolChoice, { function: unknown }> {
  return choice.type === 'function';
}

/** The IR tool choice, or undefined when the IR cannot express it (`custom`, `allowed_tools`). */
function toolChoiceToIr(choice: OpenAiChatToolChoice): IrToolChoice | undefined {
  if (typeof choice === 'string') return { type: choice };
  return isNamedFunctionChoice(choice) ? { type: 'tool', name: choice.function.name } : undefined;
}

function responseFormatToIr(format: OpenAiChatResponseFormat): IrResponseFormat {
  if (format.type === 'text') return { type: 'text' };
  if (format.type === 'json_object') return { type: 'json-object' };
  const spec = format.json_schema;
  const out: IrResponseFormat = { type: 'json-schema', name: spec.name, schema: spec.schema ?? {} };
  if (spec.description !== undefined) out.description = spec.description;
  if (spec.strict != null) out.strict = spec.strict;
  return out;
}
