import type { IrFilePart, IrWarning } from '@interlingua/ir';
import { invalidRequest, unsupported } from '@interlingua/ir';
import type { GeminiFileData, GeminiInlineData } from './gemini-request-schema.js';
import { guessMediaTypeFromUrl } from './map/gemini-media-type.js';

/** Where Gemini Files API names (`files/abc`) live as URIs. */
export const GEMINI_FILES_BASE_URL = 'https://generativelanguage.googleapis.com/v1beta/';

/** The data of one Gemini media part. */
export type GeminiMediaPart = { inlineData: GeminiInlineData } | { fileData: GeminiFileData };

/** Leading base64 characters of common formats, for base64 data that came without a media type. */
const BASE64_SIGNATURES: ReadonlyArray<readonly [string, string]> = [
  ['iVBORw0KGgo', 'image/png'],
  ['/9j/', 'image/jpeg'],
  ['R0lGOD', 'image/gif'],
  ['UklGR', 'image/webp'],
  ['JVBERi0', 'application/pdf'],
];

/**
 * An IR file -> `inlineData` (base64 and `data:` URLs) or `fileData` (`gs://`, https and Files
 * API names). Gemini has no per-part filename for inline data nor an image `detail`: both are
 * reported as dropped. A provider file id from another vendor cannot be resolved: `unsupported`.
 */
export function irFileToGemini(part: IrFilePart, path: string, warnings: IrWarning[]): GeminiMediaPart {
  if (part.detail !== undefined && part.detail !== 'auto') {
    warnings.push({ kind: 'dropped', field: `${path}.detail`, message: 'Gemini has no per-image detail setting' });
  }
  const source = part.source;
  if (source.kind === 'base64') return inline(part, source.data, part.mediaType, path, warnings);
  if (source.kind === 'url') {
    const dataUrl = parseDataUrl(source.url);
    if (dataUrl) return inline(part, dataUrl.data, part.mediaType ?? dataUrl.mediaType, path, warnings);
    return fileData(part, source.url);
  }
  const fileId = source.fileId;
  if (/^https?:\/\//i.test(fileId) || fileId.startsWith('gs://')) return fileData(part, fileId);
  if (fileId.startsWith('files/')) return fileData(part, GEMINI_FILES_BASE_URL + fileId);
  throw unsupported(`${path}: file id '${fileId}' is not a Gemini file and cannot be sent to Gemini`, path);
}

function inline(
  part: IrFilePart,
  data: string,
  mediaType: string | undefined,
  path: string,
  warnings: IrWarning[],
): GeminiMediaPart {
  const mimeType = mediaType ?? sniffBase64MediaType(data);
  if (!mimeType) throw invalidRequest(`${path}: the media type of inline file data is unknown`, path);
  if (part.filename !== undefined) {
    warnings.push({ kind: 'dropped', field: `${path}.filename`, message: 'Gemini inline data carries no filename' });
  }
  return { inlineData: { mimeType, data } };
}

function fileData(part: IrFilePart, uri: string): GeminiMediaPart {
  const data: GeminiFileData = { fileUri: uri };
  const mimeType = part.mediaType ?? guessMediaTypeFromUrl(uri);
  if (mimeType) data.mimeType = mimeType;
  if (part.filename !== undefined) data.displayName = part.filename;
  return { fileData: data };
}

function sniffBase64MediaType(data: string): string | undefined {
  return BASE64_SIGNATURES.find(([prefix]) => data.startsWith(prefix))?.[1];
}

/** A `data:` URL's media type and base64 payload (non-base64 payloads are percent-decoded and encoded). */
export function parseDataUrl(url: string): { mediaType?: string; data: string } | undefined {
  const match = /^data:([^,]*),(.*)$/is.exec(url);
  if (!match) return undefined;
  const params = (match[1] ?? '').split(';').map((p) => p.trim());
  const isBase64 = params.slice(1).some((p) => p.toLowerCase() === 'base64');
  const payload = match[2] ?? '';
  const data = isBase64 ? payload.replace(/\s+/g, '') : utf8ToBase64(safeDecodeUri(payload));
  const mediaType = params[0]?.includes('/') ? params[0].toLowerCase() : undefined;
  return mediaType ? { mediaType, data } : { data };
}

function safeDecodeUri(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function utf8ToBase64(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}
