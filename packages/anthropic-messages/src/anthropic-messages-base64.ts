/** UTF-8 text -> base64, without Buffer (works in browsers and edge runtimes). */
export function utf8ToBase64(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** base64 -> UTF-8 text, or undefined when the input is not valid base64. */
export function base64ToUtf8(data: string): string | undefined {
  try {
    const binary = atob(data);
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return new TextDecoder('utf-8').decode(bytes);
  } catch {
    return undefined;
  }
}

const IMAGE_SIGNATURES: ReadonlyArray<[string, string]> = [
  ['iVBORw0KGgo', 'image/png'],
  ['/9j/', 'image/jpeg'],
  ['R0lGOD', 'image/gif'],
  ['UklGR', 'image/webp'],
];

/** The image type a base64 payload starts with (PNG, JPEG, GIF, WebP), if recognisable. */
export function sniffImageMediaType(data: string): string | undefined {
  return IMAGE_SIGNATURES.find(([prefix]) => data.startsWith(prefix))?.[1];
}

const EXTENSION_MEDIA_TYPES: Readonly<Record<string, string>> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  pdf: 'application/pdf',
  txt: 'text/plain',
};

/** The media type a URL's file extension names, if any. */
export function mediaTypeFromUrl(url: string): string | undefined {
  const path = url.split(/[?#]/, 1)[0] ?? '';
  const extension = /\.([a-z0-9]+)$/i.exec(path)?.[1]?.toLowerCase();
  return extension ? EXTENSION_MEDIA_TYPES[extension] : undefined;
}
