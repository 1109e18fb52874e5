/**
 * Audio upload formats Gemini reads, by file extension, with the media type it expects. OpenAI
 * also takes mp4, m4a and webm: those have no entry and are refused for Gemini.
 * @see https://ai.google.dev/gemini-api/docs/audio#supported-formats
 */
export const GEMINI_AUDIO_MEDIA_TYPES = {
  wav: 'audio/wav',
  mp3: 'audio/mp3',
  mpeg: 'audio/mp3',
  mpga: 'audio/mp3',
  aiff: 'audio/aiff',
  aif: 'audio/aiff',
  aac: 'audio/aac',
  ogg: 'audio/ogg',
  oga: 'audio/ogg',
  flac: 'audio/flac',
} as const satisfies Record<string, string>;

/** Upload `Content-Type`s that name one of those formats. */
const BY_CONTENT_TYPE: Readonly<Record<string, string>> = {
  'audio/wav': 'audio/wav',
  'audio/x-wav': 'audio/wav',
  'audio/wave': 'audio/wav',
  'audio/mp3': 'audio/mp3',
  'audio/mpeg': 'audio/mp3',
  'audio/aiff': 'audio/aiff',
  'audio/x-aiff': 'audio/aiff',
  'audio/aac': 'audio/aac',
  'audio/ogg': 'audio/ogg',
  'audio/flac': 'audio/flac',
  'audio/x-flac': 'audio/flac',
};

/** The file's extension (`wav`), lower-case, or undefined. */
export function audioExtension(filename: string | undefined): string | undefined {
  return filename?.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1];
}

/** The Gemini media type of an upload, from its `Content-Type` first, then its file name; undefined when Gemini cannot read it. */
export function geminiAudioMediaType(
  contentType: string | undefined,
  filename: string | undefined,
): string | undefined {
  const declared = contentType?.split(';')[0]?.trim().toLowerCase();
  if (declared && BY_CONTENT_TYPE[declared]) return BY_CONTENT_TYPE[declared];
  const extension = audioExtension(filename);
  return extension && extension in GEMINI_AUDIO_MEDIA_TYPES
    ? GEMINI_AUDIO_MEDIA_TYPES[extension as keyof typeof GEMINI_AUDIO_MEDIA_TYPES]
    : undefined;
}
