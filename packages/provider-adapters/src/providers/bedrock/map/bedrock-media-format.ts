/**
 * Media types <-> Converse `format` values of image, document and video blocks.
 * @see https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_ImageBlock.html
 * @see https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_DocumentBlock.html
 * @see https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_VideoBlock.html
 */
export const BEDROCK_IMAGE_FORMATS = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
} as const satisfies Record<string, string>;

/** @see https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_DocumentBlock.html */
export const BEDROCK_DOCUMENT_FORMATS = {
  pdf: 'application/pdf',
  csv: 'text/csv',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  html: 'text/html',
  txt: 'text/plain',
  md: 'text/markdown',
} as const satisfies Record<string, string>;

/** @see https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_VideoBlock.html */
export const BEDROCK_VIDEO_FORMATS = {
  mkv: 'video/x-matroska',
  mov: 'video/quicktime',
  mp4: 'video/mp4',
  webm: 'video/webm',
  flv: 'video/x-flv',
  mpeg: 'video/mpeg',
  mpg: 'video/mpg',
  wmv: 'video/x-ms-wmv',
  three_gp: 'video/3gpp',
} as const satisfies Record<string, string>;

export type BedrockMediaBlockKind = 'image' | 'document' | 'video';

const TABLES: Record<BedrockMediaBlockKind, Record<string, string>> = {
  image: BEDROCK_IMAGE_FORMATS,
  document: BEDROCK_DOCUMENT_FORMATS,
  video: BEDROCK_VIDEO_FORMATS,
};

/** The block kind and `format` that carry a media type, when Converse has one. */
export function bedrockMediaFormat(
  mediaType: string | undefined,
): { kind: BedrockMediaBlockKind; format: string } | undefined {
  const wanted = (mediaType ?? '').toLowerCase().split(';')[0]?.trim() ?? '';
  if (wanted === 'image/jpg') return { kind: 'image', format: 'jpeg' };
  for (const kind of ['image', 'document', 'video'] as const) {
    const format = Object.entries(TABLES[kind]).find(([, type]) => type === wanted)?.[0];
    if (format) return { kind, format };
  }
  return undefined;
}

/** The media type of a block's `format` (undefined for an unknown format). */
export function bedrockMediaType(kind: BedrockMediaBlockKind, format: string | undefined): string | undefined {
  const table = TABLES[kind];
  return format !== undefined && Object.hasOwn(table, format) ? table[format] : undefined;
}
