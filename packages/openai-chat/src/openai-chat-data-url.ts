/** A parsed `data:<mediaType>;base64,<data>` URL. */
export interface DataUrl {
  mediaType: string;
  data: string;
}

const DATA_URL = /^data:([^;,]*)((?:;[^;,=]+=[^;,]*)*);base64,/i;

/** Parses a base64 data URL; undefined for anything else (plain URLs, non-base64 data URLs). */
export function parseDataUrl(url: string): DataUrl | undefined {
  const match = DATA_URL.exec(url);
  if (!match) return undefined;
  return { mediaType: (match[1] ?? '').toLowerCase() || 'application/octet-stream', data: url.slice(match[0].length) };
}

/** Builds a base64 data URL. */
export function toDataUrl(mediaType: string, data: string): string {
  return `data:${mediaType};base64,${data}`;
}

const EXTENSION_MEDIA_TYPES: Readonly<Record<string, string>> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  heic: 'image/heic',
  heif: 'image/heif',
  bmp: 'image/bmp',
  svg: 'image/svg+xml',
  pdf: 'application/pdf',
  txt: 'text/plain',
  md: 'text/markdown',
  csv: 'text/csv',
  json: 'application/json',
  wav: 'audio/wav',
  mp3: 'audio/mpeg',
};

/** The media type a file name or URL path suggests by its extension, if any. */
export function mediaTypeFromName(name: string): string | undefined {
  const path = name.split(/[?#]/, 1)[0] ?? '';
  const dot = path.lastIndexOf('.');
  if (dot === -1 || dot < path.lastIndexOf('/')) return undefined;
  const extension = path.slice(dot + 1).toLowerCase();
  return Object.hasOwn(EXTENSION_MEDIA_TYPES, extension) ? EXTENSION_MEDIA_TYPES[extension] : undefined;
}

/**
 * The media type of an image referenced by URL: from its extension when it names an image,
 * else `image/*` (chat's `image_url` is always an image, the exact type is unknown).
 */
export function imageMediaTypeFromUrl(url: string): string {
  const guess = mediaTypeFromName(url);
  return guess?.startsWith('image/') ? guess : 'image/*';
}

/** Media type for an `input_audio.format`. */
export function audioFormatMediaType(format: string): string {
  return format === 'mp3' ? 'audio/mpeg' : `audio/${format}`;
}

/** The `input_audio.format` for a media type, when chat accepts it as input audio. */
export function audioFormatForMediaType(mediaType: string | undefined): 'wav' | 'mp3' | undefined {
  switch (mediaType) {
    case 'audio/wav':
    case 'audio/x-wav':
    case 'audio/wave':
    case 'audio/vnd.wave':
      return 'wav';
    case 'audio/mpeg':
    case 'audio/mp3':
    case 'audio/mpeg3':
      return 'mp3';
    default:
      return undefined;
  }
}
