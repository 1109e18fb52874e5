import type { IrContentPart, IrFilePart, IrTextPart } from '@interlingua/ir';
import type { BedrockContentBlock } from './bedrock-converse-schema.js';
import type { BedrockModelContext } from './bedrock-model-family.js';
import { bedrockMediaType, type BedrockMediaBlockKind } from './map/bedrock-media-format.js';

type MediaBlock = {
  format?: string;
  name?: string;
  source: { bytes?: string; s3Location?: { uri: string }; text?: string };
};

/** An image, document or video block as an IR file part (undefined when it has no usable source). */
export function bedrockMediaToIr(kind: BedrockMediaBlockKind, block: MediaBlock): IrFilePart | IrTextPart | undefined {
  const mediaType = bedrockMediaType(kind, block.format);
  const named = block.name ? { filename: block.name } : {};
  if (block.source.bytes !== undefined)
    return {
      type: 'file',
      ...(mediaType ? { mediaType } : {}),
      source: { kind: 'base64', data: block.source.bytes },
      ...named,
    };
  if (block.source.s3Location)
    return {
      type: 'file',
      ...(mediaType ? { mediaType } : {}),
      source: { kind: 'url', url: block.source.s3Location.uri },
      ...named,
    };
  if (block.source.text !== undefined) return { type: 'text', text: block.source.text };
  return undefined;
}

function reasoningToIr(
  block: NonNullable<BedrockContentBlock['reasoningContent']>,
  context: BedrockModelContext,
): IrContentPart | undefined {
  const origin = context.reasoningOrigin;
  if (block.redactedContent !== undefined)
    return { type: 'reasoning', text: '', opaque: { origin, kind: 'redacted', data: block.redactedContent } };
  const text = block.reasoningText;
  if (!text) return undefined;
  return {
    type: 'reasoning',
    text: text.text,
    ...(text.signature ? { opaque: { origin, kind: 'signature' as const, data: text.signature } } : {}),
  };
}

function toolResultToIr(block: NonNullable<BedrockContentBlock['toolResult']>, toolName: string): IrContentPart {
  const content = block.content.flatMap((item): Array<IrTextPart | IrFilePart> => {
    if (item.text !== undefined) return [{ type: 'text', text: item.text }];
    if (item.json !== undefined) return [{ type: 'text', text: JSON.stringify(item.json) }];
    const kind = item.image ? 'image' : item.document ? 'document' : item.video ? 'video' : undefined;
    const media = kind ? bedrockMediaToIr(kind, (item.image ?? item.document ?? item.video) as MediaBlock) : undefined;
    return media ? [media] : [];
  });
  return {
    type: 'tool-result',
    toolCallId: block.toolUseId,
    toolName,
    content,
    ...(block.status === 'error' ? { isError: true } : {}),
  };
}

/**
 * One Converse content block -> IR parts. A `cachePoint` marks the part before it (handled by the
 * callers); `toolResult` needs the tool's name from the call it answers (`toolNames`). Blocks
 * the IR cannot carry (guard content, citations) give nothing.
 */
export function bedrockBlockToIr(
  block: BedrockContentBlock,
  context: BedrockModelContext,
  toolNames: ReadonlyMap<string, string>,
): IrContentPart[] {
  if (block.text !== undefined) return [{ type: 'text', text: block.text }];
  if (block.toolUse) {
    const input = block.toolUse.input === undefined ? {} : block.toolUse.input;
    return [
      {
        type: 'tool-call',
        id: block.toolUse.toolUseId,
        name: block.toolUse.name,
        argumentsJson: JSON.stringify(input),
      },
    ];
  }
  if (block.toolResult) return [toolResultToIr(block.toolResult, toolNames.get(block.toolResult.toolUseId) ?? '')];
  if (block.reasoningContent) {
    const part = reasoningToIr(block.reasoningContent, context);
    return part ? [part] : [];
  }
  const kind = block.image ? 'image' : block.document ? 'document' : block.video ? 'video' : undefined;
  const media = kind ? bedrockMediaToIr(kind, (block.image ?? block.document ?? block.video) as MediaBlock) : undefined;
  return media ? [media] : [];
}
