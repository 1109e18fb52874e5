import type { IrContentPart, IrMessage, IrRequest, IrTool, IrToolChoice, Result } from '@interlingua/ir';
import { invalidRequest } from '@interlingua/ir';
import { asRecord } from '@interlingua/ir-utils';
import { bedrockBlockToIr } from './bedrock-converse-block-to-ir.js';
import {
  bedrockConverseRequestSchema,
  type BedrockContentBlock,
  type BedrockConverseRequest,
} from './bedrock-converse-schema.js';
import type { BedrockModelContext } from './bedrock-model-family.js';
import { BEDROCK_CONVERSE_STYLE_ID } from './ir-to-bedrock-converse-request.js';

const KNOWN_FIELDS = new Set(['messages', 'system', 'inferenceConfig', 'toolConfig', 'requestMetadata']);

type Cache = { type: 'ephemeral'; ttl?: string };

/** Puts a `cachePoint`'s breakpoint on the part before it. */
function markCache(parts: IrContentPart[], cachePoint: { ttl?: string | undefined }): void {
  const last = parts.at(-1);
  const cache: Cache = { type: 'ephemeral', ...(cachePoint.ttl ? { ttl: cachePoint.ttl } : {}) };
  if (last && (last.type === 'text' || last.type === 'file' || last.type === 'tool-result')) last.cacheControl = cache;
}

function blocksToParts(
  blocks: readonly BedrockContentBlock[],
  context: BedrockModelContext,
  toolNames: Map<string, string>,
): IrContentPart[] {
  const parts: IrContentPart[] = [];
  for (const block of blocks) {
    if (block.cachePoint) {
      markCache(parts, block.cachePoint);
      continue;
    }
    if (block.toolUse) toolNames.set(block.toolUse.toolUseId, block.toolUse.name);
    parts.push(...bedrockBlockToIr(block, context, toolNames));
  }
  return parts;
}

/** A user turn's tool results become a `tool` message before the rest of the turn. */
function messagesToIr(body: BedrockConverseRequest, context: BedrockModelContext): IrMessage[] {
  const out: IrMessage[] = [];
  const system: IrContentPart[] = [];
  for (const block of body.system ?? []) {
    if (block.cachePoint) markCache(system, block.cachePoint);
    else if (block.text !== undefined) system.push({ type: 'text', text: block.text });
  }
  if (system.length > 0) out.push({ role: 'system', content: system });
  const toolNames = new Map<string, string>();
  for (const message of body.messages) {
    const parts = blocksToParts(message.content, context, toolNames);
    const results = parts.filter((part) => part.type === 'tool-result');
    const rest = parts.filter((part) => part.type !== 'tool-result');
    if (results.length > 0) out.push({ role: 'tool', content: results });
    if (rest.length > 0 || results.length === 0) out.push({ role: message.role, content: rest });
  }
  return out;
}

function toolsToIr(body: BedrockConverseRequest): { tools?: IrTool[]; toolChoice?: IrToolChoice } {
  const config = body.toolConfig;
  if (!config) return {};
  const tools: IrTool[] = [];
  for (const entry of config.tools) {
    if (entry.cachePoint && tools.length > 0)
      (tools[tools.length - 1] as IrTool).cacheControl = {
        type: 'ephemeral',
        ...(entry.cachePoint.ttl ? { ttl: entry.cachePoint.ttl } : {}),
      };
    const spec = entry.toolSpec;
    if (!spec) continue;
    const parameters = asRecord(spec.inputSchema.json);
    tools.push({
      name: spec.name,
      ...(spec.description ? { description: spec.description } : {}),
      ...(parameters ? { parameters } : {}),
    });
  }
  const choice = config.toolChoice;
  const toolChoice: IrToolChoice | undefined = choice?.tool
    ? { type: 'tool', name: choice.tool.name }
    : choice?.any
      ? { type: 'required' }
      : choice?.auto
        ? { type: 'auto' }
        : undefined;
  return { tools, ...(toolChoice ? { toolChoice } : {}) };
}

/**
 * A Converse request body -> IR (model from the context: it travels in the URL). Fields the IR
 * does not carry (`additionalModelRequestFields`, `guardrailConfig`, `performanceConfig`, …) are
 * kept under `extensions['bedrock-converse'].fields`. Invalid bodies throw `invalid-request`.
 * @see https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_Converse.html
 */
export function bedrockConverseRequestToIr(wire: unknown, context: BedrockModelContext): Result<IrRequest> {
  const parsed = bedrockConverseRequestSchema.safeParse(wire);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const path =
      issue?.path
        .map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`))
        .join('')
        .replace(/^\./, '') ?? '';
    throw invalidRequest(`${path}: ${issue?.message ?? 'invalid'}`, path);
  }
  const body = parsed.data;
  const config = body.inferenceConfig ?? {};
  const fields = Object.fromEntries(Object.entries(body).filter(([key]) => !KNOWN_FIELDS.has(key)));
  const ir: IrRequest = {
    model: context.modelId,
    messages: messagesToIr(body, context),
    ...toolsToIr(body),
    sampling: {
      ...(config.temperature !== undefined ? { temperature: config.temperature } : {}),
      ...(config.topP !== undefined ? { topP: config.topP } : {}),
      ...(config.stopSequences ? { stopSequences: config.stopSequences } : {}),
    },
    ...(config.maxTokens !== undefined ? { maxOutputTokens: config.maxTokens } : {}),
    stream: false,
    ...(body.requestMetadata ? { metadata: body.requestMetadata } : {}),
    ...(Object.keys(fields).length > 0 ? { extensions: { [BEDROCK_CONVERSE_STYLE_ID]: { fields } } } : {}),
  };
  return { value: ir, warnings: [] };
}
