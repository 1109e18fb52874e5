import type { IrFilePart, IrWarning } from '@interlingua/ir';
import { base64ToUtf8, mediaTypeFromUrl, sniffImageMediaType } from './anthropic-messages-base64.js';
import type { AnthropicContentBlockParam } from './anthropic-messages-content-schema.js';

const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp']);

type FileKind = 'image' | 'pdf' | 'text' | 'other';

function kindOf(part: IrFilePart): FileKind {
  const { source } = part;
  let mediaType = part.mediaType?.toLowerCase();
  if (mediaType === undefined && source.kind === 'url') mediaType = mediaTypeFromUrl(source.url) ?? 'image/*';
  if (mediaType === undefined && source.kind === 'base64') {
    mediaType = sniffImageMediaType(source.data) ?? (source.data.startsWith('JVBER') ? 'application/pdf' : undefined);
  }
  if (mediaType === undefined) return source.kind === 'file-id' ? 'pdf' : 'other';
  if (mediaType.startsWith('image/')) return 'image';
  if (mediaType === 'application/pdf') return 'pdf';
  if (mediaType.startsWith('text/') || mediaType === 'application/json') return 'text';
  return 'other';
}

/** The media type to declare for base64 image bytes: the bytes' own signature wins over a vague or wrong label. */
function imageMediaType(declared: string | undefined, data: string): string {
  const normalized = declared?.toLowerCase() === 'image/jpg' ? 'image/jpeg' : declared?.toLowerCase();
  if (normalized && IMAGE_TYPES.has(normalized)) return normalized;
  return sniffImageMediaType(data) ?? normalized ?? 'image/png';
}

function sourceOf(part: IrFilePart, kind: 'image' | 'pdf'): Record<string, unknown> {
  const { source } = part;
  if (source.kind === 'url') return { type: 'url', url: source.url };
  if (source.kind === 'file-id') return { type: 'file', file_id: source.fileId };
  const mediaType = kind === 'image' ? imageMediaType(part.mediaType, source.data) : 'application/pdf';
  return { type: 'base64', media_type: mediaType, data: source.data };
}

function textDocumentSource(
  part: IrFilePart,
  field: string,
  warnings: IrWarning[],
): Record<string, unknown> | undefined {
  const { source } = part;
  if (source.kind === 'file-id') return { type: 'file', file_id: source.fileId };
  const text = source.kind === 'base64' ? base64ToUtf8(source.data) : undefined;
  if (text === undefined) {
    warnings.push({
      kind: 'dropped',
      field,
      message: `a ${part.mediaType ?? 'text'} file given by URL or as invalid base64 cannot be sent to Anthropic`,
    });
    return undefined;
  }
  if (part.mediaType !== 'text/plain') {
    warnings.push({
      kind: 'approximated',
      field,
      message: `${part.mediaType ?? 'text'} file sent as a plain-text document`,
    });
  }
  return { type: 'text', media_type: 'text/plain', data: text };
}

/**
 * An IR file -> an `image` block (JPEG/PNG/GIF/WebP, base64, URL or file id) or a `document`
 * block (PDF, or text decoded into a plain-text source). Audio and other kinds are dropped
 * with a warning: the Messages API has no block for them.
 */
export function irFileToAnthropic(
  part: IrFilePart,
  field: string,
  warnings: IrWarning[],
): AnthropicContentBlockParam | undefined {
  const kind = kindOf(part);
  let block: AnthropicContentBlockParam;
  if (kind === 'image') block = { type: 'image', source: sourceOf(part, 'image') };
  else if (kind === 'pdf') block = { type: 'document', source: sourceOf(part, 'pdf') };
  else if (kind === 'text') {
    const source = textDocumentSource(part, field, warnings);
    if (!source) return undefined;
    block = { type: 'document', source };
  } else {
    warnings.push({
      kind: 'dropped',
      field,
      message: `Anthropic Messages cannot take ${part.mediaType ?? 'this kind of'} files`,
    });
    return undefined;
  }
  if (block.type === 'document' && part.filename) block.title = part.filename;
  if (part.cacheControl) block.cache_control = { ...part.cacheControl };
  return block;
}
