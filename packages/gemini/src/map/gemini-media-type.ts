/**
 * File extension -> media type, for `fileData` parts built from URLs that came without one
 * (Gemini needs `mimeType` for anything that is not a Files API URI).
 *
 * @see https://ai.google.dev/gemini-api/docs/file-input-methods
 */
export const GEMINI_MEDIA_TYPE_BY_EXTENSION: Readonly<Record<string, string>> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  heic: 'image/heic',
  heif: 'image/heif',
  pdf: 'application/pdf',
  txt: 'text/plain',
  md: 'text/markdown',
  html: 'text/html',
  csv: 'text/csv',
  mp3: 'audio/mp3',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  flac: 'audio/flac',
  aac: 'audio/aac',
  mp4: 'video/mp4',
  mov: 'video/mov',
  webm: 'video/webm',
};

/** The media type a URL's path extension implies, if known. */
export function guessMediaTypeFromUrl(url: string): string | undefined {
  const path = url.split(/[?#]/)[0] ?? '';
  const dot = path.lastIndexOf('.');
  if (dot === -1 || dot < path.lastIndexOf('/')) return undefined;
  return GEMINI_MEDIA_TYPE_BY_EXTENSION[path.slice(dot + 1).toLowerCase()];
}
