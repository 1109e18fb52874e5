import type { IrFilePart, IrTextPart } from '@interlingua/ir';
import { unsupported } from '@interlingua/ir';
import { audioFormatForMediaType, toDataUrl } from './openai-chat-data-url.js';
import type { WarningCollector } from './openai-chat-warnings.js';

/** A chat content part as sent upstream. */
export type OpenAiChatWirePart = Record<string, unknown> & { type: string };

/** How IR cache hints are treated (chat only has OpenAI's `prompt_cache_breakpoint`). */
export interface ContentFromIrContext {
  warnings: WarningCollector;
  /** Send IR cache hints as `prompt_cache_breakpoint` (the caller used them); else drop them. */
  cacheBreakpoints: boolean;
}

function withCacheHint(
  wire: OpenAiChatWirePart,
  part: IrTextPart | IrFilePart,
  context: ContentFromIrContext,
): OpenAiChatWirePart {
  if (!part.cacheControl) return wire;
  if (context.cacheBreakpoints) return { ...wire, prompt_cache_breakpoint: { mode: 'explicit' } };
  context.warnings.dropped(
    'cacheControl',
    'prompt-cache breakpoints are not sent to chat completions (OpenAI caches prompts automatically)',
  );
  return wire;
}

/** An IR text part -> a chat text part. */
export function irTextPartToOpenAiChat(part: IrTextPart, context: ContentFromIrContext): OpenAiChatWirePart {
  return withCacheHint({ type: 'text', text: part.text }, part, context);
}

/**
 * An IR file part -> a chat part: images -> `image_url` (data URL for base64), wav/mp3 base64 ->
 * `input_audio`, anything else -> `file` (`file_data` data URL or `file_id`). Chat cannot point at
 * a non-image by URL: that throws `unsupported`.
 */
export function irFilePartToOpenAiChat(
  part: IrFilePart,
  path: string,
  context: ContentFromIrContext,
): OpenAiChatWirePart {
  return withCacheHint(filePart(part, path), part, context);
}

function filePart(part: IrFilePart, path: string): OpenAiChatWirePart {
  const { source, mediaType } = part;
  const isImage = mediaType === undefined ? source.kind === 'url' : mediaType.startsWith('image/');
  if (isImage && source.kind !== 'file-id') {
    const url = source.kind === 'url' ? source.url : toDataUrl(mediaType ?? 'image/png', source.data);
    return { type: 'image_url', image_url: part.detail ? { url, detail: part.detail } : { url } };
  }
  const audioFormat = audioFormatForMediaType(mediaType);
  if (audioFormat && source.kind === 'base64')
    return { type: 'input_audio', input_audio: { data: source.data, format: audioFormat } };
  const file: Record<string, unknown> = {};
  if (source.kind === 'file-id') file['file_id'] = source.fileId;
  else if (source.kind === 'base64')
    file['file_data'] = toDataUrl(mediaType ?? 'application/octet-stream', source.data);
  else
    throw unsupported(
      `${path}: chat completions cannot reference a ${mediaType ?? 'file'} by URL; send it as base64 or a file id`,
      path,
    );
  if (part.filename !== undefined) file['filename'] = part.filename;
  return { type: 'file', file };
}
