import type { IrContentPart, IrFilePart, IrReasoningPart, IrTextPart } from '@interlingua/ir';
import type {
  AnthropicCacheControl,
  AnthropicContentBlockParam,
  AnthropicDocumentBlockParam,
  AnthropicImageBlockParam,
  AnthropicTextBlockParam,
  AnthropicToolResultBlockParam,
} from './anthropic-messages-content-schema.js';
import { mediaTypeFromUrl, utf8ToBase64 } from './anthropic-messages-base64.js';
import { stringOrEmpty } from '@interlingua/ir-utils';
import { unknownFields } from './anthropic-messages-extension.js';
import { anthropicMcpUseToIr } from './anthropic-messages-mcp-blocks.js';

/** One wire block read into the IR: a part (with the fields it could not carry), or nothing. */
export interface BlockReading {
  part?: IrContentPart;
  /** Fields of the block the part does not carry (kept in extensions for a round trip). */
  extra?: Record<string, unknown>;
}

/** The wire block is not representable at all: keep it whole. */
const UNMAPPED: BlockReading = {};

/** The fields of each block kind that its IR part carries. */
export const ANTHROPIC_PART_FIELDS: Readonly<Record<string, readonly string[]>> = {
  text: ['type', 'text'],
  thinking: ['type', 'thinking', 'signature'],
  redacted_thinking: ['type', 'data'],
  tool_use: ['type', 'id', 'name', 'input'],
};

/** A `thinking` or `redacted_thinking` block of a request, a response or a stream -> its IR part. */
export function anthropicThinkingToIr(block: Record<string, unknown>): IrReasoningPart {
  if (block.type === 'redacted_thinking')
    return {
      type: 'reasoning',
      text: '',
      opaque: { origin: 'anthropic', kind: 'redacted', data: stringOrEmpty(block.data) },
    };
  const part: IrReasoningPart = { type: 'reasoning', text: stringOrEmpty(block.thinking) };
  const signature = stringOrEmpty(block.signature);
  if (signature !== '') part.opaque = { origin: 'anthropic', kind: 'signature', data: signature };
  return part;
}

/**
 * A `thinking`, `redacted_thinking` or `tool_use` block of a request or a response -> its IR
 * part (fields of another type read as empty strings); undefined for other kinds.
 */
export function anthropicThinkingOrToolUseToIr(block: Record<string, unknown>): IrContentPart | undefined {
  if (block.type === 'thinking' || block.type === 'redacted_thinking') return anthropicThinkingToIr(block);
  if (block.type !== 'tool_use') return undefined;
  return {
    type: 'tool-call',
    id: stringOrEmpty(block.id),
    name: stringOrEmpty(block.name),
    argumentsJson: JSON.stringify(block.input ?? {}),
  };
}

function withCache<T extends { cacheControl?: IrTextPart['cacheControl'] }>(
  part: T,
  cache: AnthropicCacheControl | null | undefined,
): T {
  if (cache)
    part.cacheControl = cache.ttl === undefined ? { type: 'ephemeral' } : { type: 'ephemeral', ttl: cache.ttl };
  return part;
}

function reading(part: IrContentPart, extra: Record<string, unknown> | undefined): BlockReading {
  return extra ? { part, extra } : { part };
}

function textToIr(raw: AnthropicContentBlockParam): BlockReading {
  const block = raw as AnthropicTextBlockParam;
  return reading(
    withCache<IrTextPart>({ type: 'text', text: block.text }, block.cache_control),
    unknownFields(block, ['type', 'text', 'cache_control']),
  );
}

function imageToIr(raw: AnthropicContentBlockParam): BlockReading {
  const block = raw as AnthropicImageBlockParam;
  const { source } = block;
  let part: IrFilePart;
  if (source.type === 'base64')
    part = { type: 'file', mediaType: source.media_type, source: { kind: 'base64', data: source.data } };
  else if (source.type === 'url')
    part = {
      type: 'file',
      mediaType: mediaTypeFromUrl(source.url) ?? 'image/*',
      source: { kind: 'url', url: source.url },
    };
  else part = { type: 'file', mediaType: 'image/*', source: { kind: 'file-id', fileId: source.file_id } };
  return reading(withCache(part, block.cache_control), unknownFields(block, ['type', 'source', 'cache_control']));
}

function documentToIr(raw: AnthropicContentBlockParam): BlockReading {
  const block = raw as AnthropicDocumentBlockParam;
  const { source } = block;
  let part: IrFilePart;
  if (source.type === 'base64')
    part = { type: 'file', mediaType: source.media_type, source: { kind: 'base64', data: source.data } };
  else if (source.type === 'text')
    part = {
      type: 'file',
      mediaType: source.media_type ?? 'text/plain',
      source: { kind: 'base64', data: utf8ToBase64(source.data) },
    };
  else if (source.type === 'url')
    part = { type: 'file', mediaType: 'application/pdf', source: { kind: 'url', url: source.url } };
  else if (source.type === 'file') part = { type: 'file', source: { kind: 'file-id', fileId: source.file_id } };
  else return UNMAPPED;
  if (block.title) part.filename = block.title;
  return reading(
    withCache(part, block.cache_control),
    unknownFields(block, ['type', 'source', 'title', 'cache_control']),
  );
}

/** Text, image and document blocks: what a tool result can hold in the IR. */
function resultContentToIr(raw: AnthropicContentBlockParam): BlockReading {
  if (raw.type === 'text') return textToIr(raw);
  if (raw.type === 'image') return imageToIr(raw);
  if (raw.type === 'document') return documentToIr(raw);
  return UNMAPPED;
}

function toolResultToIr(raw: AnthropicContentBlockParam, toolNames: ReadonlyMap<string, string>): BlockReading {
  const block = raw as AnthropicToolResultBlockParam;
  const content: Array<IrTextPart | IrFilePart> = [];
  let lossy = false;
  if (typeof block.content === 'string') content.push({ type: 'text', text: block.content });
  for (const item of Array.isArray(block.content) ? block.content : []) {
    const read = resultContentToIr(item);
    if (read.part?.type === 'text' || read.part?.type === 'file') content.push(read.part);
    if (!read.part || read.extra) lossy = true;
  }
  const part = withCache<IrContentPart & { type: 'tool-result' }>(
    { type: 'tool-result', toolCallId: block.tool_use_id, toolName: toolNames.get(block.tool_use_id) ?? '', content },
    block.cache_control,
  );
  if (block.is_error === true) part.isError = true;
  const extra = {
    ...unknownFields(block, ['type', 'tool_use_id', 'content', 'is_error', 'cache_control']),
    ...(lossy ? { content: block.content } : {}),
  };
  return reading(part, Object.keys(extra).length > 0 ? extra : undefined);
}

/**
 * One request content block -> one IR part. The block is one the request schema accepted (its
 * kind's schema checked it there), so it is read as that kind without being parsed again: a
 * second zod pass per block was a third of the decoding of an agent's conversation. Blocks the IR has no part for (server tool blocks,
 * `search_result`, content-sourced documents…) read as `{}`: the caller keeps them whole; an
 * `mcp_tool_result` is read onto its call by the turn reader.
 * `toolNames` resolves `tool_result.tool_use_id` to the name of the earlier `tool_use`.
 */
export function anthropicBlockToIr(
  block: AnthropicContentBlockParam,
  toolNames: ReadonlyMap<string, string>,
): BlockReading {
  switch (block.type) {
    case 'text':
      return textToIr(block);
    case 'image':
      return imageToIr(block);
    case 'document':
      return documentToIr(block);
    case 'tool_result':
      return toolResultToIr(block, toolNames);
    case 'tool_use':
    case 'thinking':
    case 'redacted_thinking': {
      const part = anthropicThinkingOrToolUseToIr(block);
      return part ? reading(part, unknownFields(block, ANTHROPIC_PART_FIELDS[block.type] ?? [])) : UNMAPPED;
    }
    case 'mcp_tool_use':
      return reading(anthropicMcpUseToIr(block), unknownFields(block, ['type', 'id', 'name', 'server_name', 'input']));
    default:
      return UNMAPPED;
  }
}
