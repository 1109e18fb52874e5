import type { IrFilePart, IrTextPart } from '@interlingua/ir';
import { invalidRequest } from '@interlingua/ir';
import {
  audioFormatMediaType,
  imageMediaTypeFromUrl,
  mediaTypeFromName,
  parseDataUrl,
} from './openai-chat-data-url.js';
import type { OpenAiChatTextPart, OpenAiChatUserPart } from './openai-chat-request-schema.js';

/** What content conversion noticed that the request-level conversion must remember. */
export interface ContentToIrContext {
  /** Set when a part carried `prompt_cache_breakpoint`. */
  sawCacheBreakpoint: boolean;
}

type BreakpointCarrier = { prompt_cache_breakpoint?: unknown };

function withCacheHint<T extends IrTextPart | IrFilePart>(
  part: T,
  wire: BreakpointCarrier,
  context: ContentToIrContext,
): T {
  if (wire.prompt_cache_breakpoint === undefined) return part;
  context.sawCacheBreakpoint = true;
  return { ...part, cacheControl: { type: 'ephemeral' } };
}

/** A text part. */
export function openAiChatTextPartToIr(part: OpenAiChatTextPart, context: ContentToIrContext): IrTextPart {
  return withCacheHint({ type: 'text', text: part.text }, part, context);
}

/** Text-only content (system, developer, tool messages): a string is one text part. */
export function openAiChatTextContentToIr(
  content: string | OpenAiChatTextPart[],
  context: ContentToIrContext,
): IrTextPart[] {
  if (typeof content === 'string') return [{ type: 'text', text: content }];
  return content.map((part) => openAiChatTextPartToIr(part, context));
}

/** User content: a string is one text part; image/audio/file parts become IR file parts. */
export function openAiChatUserContentToIr(
  content: string | OpenAiChatUserPart[],
  path: string,
  context: ContentToIrContext,
): Array<IrTextPart | IrFilePart> {
  if (typeof content === 'string') return [{ type: 'text', text: content }];
  return content.map((part, index) => openAiChatUserPartToIr(part, `${path}[${index}]`, context));
}

function openAiChatUserPartToIr(
  part: OpenAiChatUserPart,
  path: string,
  context: ContentToIrContext,
): IrTextPart | IrFilePart {
  switch (part.type) {
    case 'text':
      return openAiChatTextPartToIr(part, context);
    case 'image_url':
      return withCacheHint(imageToIr(part.image_url), part, context);
    case 'input_audio':
      return withCacheHint(
        {
          type: 'file',
          mediaType: audioFormatMediaType(part.input_audio.format),
          source: { kind: 'base64', data: part.input_audio.data },
        },
        part,
        context,
      );
    case 'file':
      return withCacheHint(fileToIr(part.file, `${path}.file`), part, context);
  }
}

function imageToIr(image: string | { url: string; detail?: 'auto' | 'low' | 'high' | undefined }): IrFilePart {
  const { url, detail } = typeof image === 'string' ? { url: image, detail: undefined } : image;
  const dataUrl = parseDataUrl(url);
  const part: IrFilePart = dataUrl
    ? { type: 'file', mediaType: dataUrl.mediaType, source: { kind: 'base64', data: dataUrl.data } }
    : { type: 'file', mediaType: imageMediaTypeFromUrl(url), source: { kind: 'url', url } };
  if (detail !== undefined) part.detail = detail;
  return part;
}

interface WireFile {
  file_id?: string | undefined;
  file_data?: string | undefined;
  filename?: string | undefined;
}

function fileToIr(file: WireFile, path: string): IrFilePart {
  const named = (part: IrFilePart): IrFilePart =>
    file.filename !== undefined ? { ...part, filename: file.filename } : part;
  if (file.file_id !== undefined) {
    const mediaType = file.filename !== undefined ? mediaTypeFromName(file.filename) : undefined;
    return named({
      type: 'file',
      ...(mediaType ? { mediaType } : {}),
      source: { kind: 'file-id', fileId: file.file_id },
    });
  }
  if (file.file_data !== undefined) {
    const dataUrl = parseDataUrl(file.file_data);
    if (dataUrl)
      return named({ type: 'file', mediaType: dataUrl.mediaType, source: { kind: 'base64', data: dataUrl.data } });
    // Chat file inputs are PDFs unless the file name says otherwise.
    const mediaType = (file.filename !== undefined ? mediaTypeFromName(file.filename) : undefined) ?? 'application/pdf';
    return named({ type: 'file', mediaType, source: { kind: 'base64', data: file.file_data } });
  }
  throw invalidRequest(`${path}: one of file_id or file_data is required`, path);
}
