import type { IrContentPart, IrFilePart, IrReasoningPart, IrToolResultPart, IrWarning } from '@interlingua/ir';
import { unsupported } from '@interlingua/ir';
import { parseToolArguments } from '@interlingua/ir-utils';
import type { BedrockContentBlock } from './bedrock-converse-schema.js';
import { bedrockToolUseId, type BedrockModelContext } from './bedrock-model-family.js';
import { bedrockMediaFormat } from './map/bedrock-media-format.js';

type CacheControl = { type: 'ephemeral'; ttl?: string } | undefined;

/** A `cachePoint` block for a part's prompt-cache breakpoint. @see https://docs.aws.amazon.com/bedrock/latest/userguide/prompt-caching.html */
export function cachePointBlock(cacheControl: CacheControl): Array<{ cachePoint: { type: 'default'; ttl?: string } }> {
  if (!cacheControl) return [];
  return [{ cachePoint: { type: 'default', ...(cacheControl.ttl ? { ttl: cacheControl.ttl } : {}) } }];
}

/** Document names: letters, digits, single spaces, hyphens, parentheses and square brackets. */
function documentName(part: IrFilePart, position: string): string {
  const base = (part.filename ?? '').replace(/\.[a-z0-9]+$/i, '');
  const cleaned = base
    .replace(/[^a-zA-Z0-9\s\-()[\]]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return cleaned || `document ${position}`;
}

/** A file part as an image, document or video block (base64 bytes or an `s3://` location). */
export function irFileToBedrock(part: IrFilePart, field: string): BedrockContentBlock {
  const media = bedrockMediaFormat(part.mediaType);
  if (!media)
    throw unsupported(`${field}: Bedrock Converse cannot carry a file of type ${part.mediaType ?? 'unknown'}`, field);
  const source = part.source;
  let blockSource: { bytes: string } | { s3Location: { uri: string } };
  if (source.kind === 'base64') blockSource = { bytes: source.data };
  else if (source.kind === 'url' && source.url.startsWith('s3://')) blockSource = { s3Location: { uri: source.url } };
  else {
    const what = source.kind === 'url' ? 'a URL other than s3://' : 'a provider file id';
    throw unsupported(`${field}: Bedrock Converse takes file bytes or an s3:// location, not ${what}`, field);
  }
  if (media.kind === 'document')
    return {
      document: {
        format: media.format,
        name: documentName(part, field.replace(/\D+/g, ' ').trim()),
        source: blockSource,
      },
    };
  return { [media.kind]: { format: media.format, source: blockSource } };
}

/** Reasoning goes back only with a signature minted for this model family; visible text otherwise only to models that take it unsigned. */
function irReasoningToBedrock(part: IrReasoningPart, context: BedrockModelContext): BedrockContentBlock[] {
  const opaque = part.opaque?.origin === context.reasoningOrigin ? part.opaque : undefined;
  if (opaque?.kind === 'redacted') return [{ reasoningContent: { redactedContent: opaque.data } }];
  if (opaque?.kind === 'signature')
    return [{ reasoningContent: { reasoningText: { text: part.text, signature: opaque.data } } }];
  if (context.anthropic || part.text === '') return [];
  return [{ reasoningContent: { reasoningText: { text: part.text } } }];
}

function irToolResultToBedrock(part: IrToolResultPart, field: string): BedrockContentBlock[] {
  const content = part.content.map((item, i) =>
    item.type === 'text' ? { text: item.text } : irFileToBedrock(item, `${field}.content[${i}]`),
  );
  const block: BedrockContentBlock = {
    toolResult: {
      toolUseId: bedrockToolUseId(part.toolCallId),
      content,
      ...(part.isError ? { status: 'error' as const } : {}),
    },
  };
  return [block, ...cachePointBlock(part.cacheControl)];
}

/** One IR part as Converse content blocks (a cache breakpoint adds a `cachePoint` after it). */
export function irPartToBedrock(
  part: IrContentPart,
  field: string,
  context: BedrockModelContext,
  warnings: IrWarning[],
): BedrockContentBlock[] {
  switch (part.type) {
    case 'text':
      return part.text === ''
        ? cachePointBlock(part.cacheControl)
        : [{ text: part.text }, ...cachePointBlock(part.cacheControl)];
    case 'refusal':
      return [{ text: part.text }];
    case 'file':
      return [irFileToBedrock(part, field), ...cachePointBlock(part.cacheControl)];
    case 'reasoning':
      return irReasoningToBedrock(part, context);
    case 'tool-call': {
      const input = parseToolArguments(part.argumentsJson);
      if (typeof input !== 'object' || input === null || Array.isArray(input)) {
        warnings.push({
          kind: 'approximated',
          field,
          message: 'Bedrock tool inputs are JSON objects; the arguments were wrapped as {"value": …}',
        });
      }
      const object = typeof input === 'object' && input !== null && !Array.isArray(input) ? input : { value: input };
      return [{ toolUse: { toolUseId: bedrockToolUseId(part.id), name: part.name, input: object } }];
    }
    case 'tool-result':
      return irToolResultToBedrock(part, field);
    case 'web-search':
      warnings.push({
        kind: 'dropped',
        field,
        message: 'Converse has no hosted web search; the earlier search was not sent',
      });
      return [];
    case 'mcp-list-tools':
    case 'mcp-call':
    case 'mcp-approval-request':
    case 'mcp-approval-response':
      warnings.push({
        kind: 'dropped',
        field,
        message: 'Converse runs no MCP tools; the earlier MCP item was not sent',
      });
      return [];
  }
}
