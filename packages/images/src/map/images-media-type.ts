/**
 * Image media types by file extension, for uploads that came without a usable `Content-Type`
 * (the `openai` SDK's `toFile` often sends none). Only the formats Gemini reads are listed.
 * @see https://ai.google.dev/gemini-api/docs/image-understanding#supported-formats
 */
export const IMAGE_MEDIA_TYPES_BY_EXTENSION = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  heic: 'image/heic',
  heif: 'image/heif',
} as const satisfies Record<string, `image/${string}`>;

const KNOWN = new Set<string>(Object.values(IMAGE_MEDIA_TYPES_BY_EXTENSION));

/** The image media type of an upload: its own `Content-Type` when it is a known image type, else by extension. */
export function imageMediaType(contentType: string | undefined, filename: string | undefined): string | undefined {
  const declared = contentType?.split(';')[0]?.trim().toLowerCase();
  if (declared && KNOWN.has(declared)) return declared;
  const extension = filename?.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1];
  return extension && extension in IMAGE_MEDIA_TYPES_BY_EXTENSION
    ? IMAGE_MEDIA_TYPES_BY_EXTENSION[extension as keyof typeof IMAGE_MEDIA_TYPES_BY_EXTENSION]
    : undefined;
}

/** The OpenAI `output_format` of an image media type, when it is one. */
export function outputFormatOf(mediaType: string | undefined): 'png' | 'jpeg' | 'webp' | undefined {
  const base = mediaType?.split(';')[0]?.trim().toLowerCase();
  if (base === 'image/png') return 'png';
  if (base === 'image/jpeg') return 'jpeg';
  if (base === 'image/webp') return 'webp';
  return undefined;
}
