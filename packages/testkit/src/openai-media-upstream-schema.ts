import { z } from 'zod';

/**
 * What OpenAI accepts on its Images and Audio endpoints, written from its API reference
 * (https://platform.openai.com/docs/api-reference/images and
 * https://platform.openai.com/docs/api-reference/audio), independent of the code under test:
 * loopback upstreams validate what the gateway sends against them. Multipart bodies are read
 * with `readUpstreamForm` (the platform's own `FormData` parser), files as `{filename, type, size}`.
 */
const imageSize = z.union([
  z.enum(['auto', '256x256', '512x512', '1024x1024', '1536x1024', '1024x1536', '1792x1024', '1024x1792']),
  z.string().regex(/^\d+x\d+$/),
]);
const quality = z.enum(['auto', 'high', 'medium', 'low', 'hd', 'standard']);
const responseFormat = z.enum(['url', 'b64_json']);
const outputFormat = z.enum(['png', 'jpeg', 'webp']);
const background = z.enum(['transparent', 'opaque', 'auto']);
/** A multipart number: the decimal string the SDK writes. */
const formInt = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/)
    .refine((value) => Number(value) >= min && Number(value) <= max, `between ${min} and ${max}`);
const formFloat = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d+(\.\d+)?$/)
    .refine((value) => Number(value) >= min && Number(value) <= max, `between ${min} and ${max}`);
const formBool = z.enum(['true', 'false']);

/** A file part as `readUpstreamForm` reports it. */
export const upstreamFileSchema = z.object({
  filename: z.string().min(1),
  type: z.string(),
  size: z.number().int().positive(),
});
const imageFile = upstreamFileSchema.refine(
  (file) => /\.(png|jpe?g|webp)$/i.test(file.filename) || /^image\/(png|jpeg|webp)$/.test(file.type),
  'a png, jpeg or webp image',
);
const audioFile = upstreamFileSchema.refine(
  (file) => /\.(flac|mp3|mp4|mpeg|mpga|m4a|ogg|wav|webm)$/i.test(file.filename),
  'an audio file name with a supported extension',
);

/** `POST /images/generations` (JSON). */
export const openAiImageGenerationUpstreamSchema = z.looseObject({
  prompt: z.string().min(1).max(32_000),
  model: z.string().min(1).optional(),
  n: z.number().int().min(1).max(10).nullable().optional(),
  quality: quality.nullable().optional(),
  response_format: responseFormat.nullable().optional(),
  size: imageSize.nullable().optional(),
  style: z.enum(['vivid', 'natural']).nullable().optional(),
  background: background.nullable().optional(),
  moderation: z.enum(['low', 'auto']).nullable().optional(),
  output_format: outputFormat.nullable().optional(),
  output_compression: z.number().int().min(0).max(100).nullable().optional(),
  stream: z.boolean().nullable().optional(),
  partial_images: z.number().int().min(0).max(3).nullable().optional(),
  user: z.string().optional(),
});

/** `POST /images/edits` (multipart): one `image` or repeated `image[]` (up to 16), an optional `mask`. */
export const openAiImageEditUpstreamFormSchema = z
  .looseObject({
    image: z.union([imageFile, z.array(imageFile).min(1).max(16)]).optional(),
    'image[]': z.union([imageFile, z.array(imageFile).min(1).max(16)]).optional(),
    mask: imageFile.optional(),
    prompt: z.string().min(1).max(32_000),
    model: z.string().min(1).optional(),
    n: formInt(1, 10).optional(),
    size: imageSize.optional(),
    quality: quality.optional(),
    background: background.optional(),
    input_fidelity: z.enum(['high', 'low']).optional(),
    output_format: outputFormat.optional(),
    output_compression: formInt(0, 100).optional(),
    partial_images: formInt(0, 3).optional(),
    stream: formBool.optional(),
    response_format: responseFormat.optional(),
    user: z.string().optional(),
  })
  .refine((form) => (form.image === undefined) !== (form['image[]'] === undefined), 'exactly one of image or image[]');

/** `POST /images/variations` (multipart, dall-e-2): one square png `image`. */
export const openAiImageVariationUpstreamFormSchema = z.looseObject({
  image: imageFile,
  model: z.string().min(1).optional(),
  n: formInt(1, 10).optional(),
  response_format: responseFormat.optional(),
  size: z.enum(['256x256', '512x512', '1024x1024']).optional(),
  user: z.string().optional(),
});

/** `POST /audio/speech` (JSON). */
export const openAiSpeechUpstreamSchema = z.looseObject({
  model: z.string().min(1),
  input: z.string().min(1).max(4096),
  voice: z.union([z.string().min(1), z.object({ id: z.string().min(1) })]),
  instructions: z.string().max(4096).optional(),
  response_format: z.enum(['mp3', 'opus', 'aac', 'flac', 'wav', 'pcm']).optional(),
  speed: z.number().min(0.25).max(4).optional(),
  stream_format: z.enum(['audio', 'sse']).optional(),
});

/** `POST /audio/transcriptions` (multipart). */
export const openAiTranscriptionUpstreamFormSchema = z.looseObject({
  file: audioFile,
  model: z.string().min(1),
  language: z.string().min(2).optional(),
  prompt: z.string().optional(),
  response_format: z.enum(['json', 'text', 'srt', 'verbose_json', 'vtt', 'diarized_json']).optional(),
  temperature: formFloat(0, 1).optional(),
  'timestamp_granularities[]': z.union([z.enum(['word', 'segment']), z.array(z.enum(['word', 'segment']))]).optional(),
  'include[]': z.union([z.literal('logprobs'), z.array(z.literal('logprobs'))]).optional(),
  stream: formBool.optional(),
});

/** `POST /audio/translations` (multipart). */
export const openAiTranslationUpstreamFormSchema = z.looseObject({
  file: audioFile,
  model: z.string().min(1),
  prompt: z.string().optional(),
  response_format: z.enum(['json', 'text', 'srt', 'verbose_json', 'vtt']).optional(),
  temperature: formFloat(0, 1).optional(),
});

export type UpstreamFormValue = string | z.infer<typeof upstreamFileSchema>;

/**
 * A multipart body as an object: each name (as sent, `image[]` included) maps to its value, or
 * to a list when the name came several times; files become `{filename, type, size}`.
 */
export async function readUpstreamForm(
  body: Buffer,
  contentType: string,
): Promise<Record<string, UpstreamFormValue | UpstreamFormValue[]>> {
  const form = await new Response(new Uint8Array(body), { headers: { 'content-type': contentType } }).formData();
  const out: Record<string, UpstreamFormValue | UpstreamFormValue[]> = {};
  for (const [name, value] of form.entries()) {
    const item: UpstreamFormValue =
      typeof value === 'string' ? value : { filename: value.name, type: value.type, size: value.size };
    const existing = out[name];
    out[name] = existing === undefined ? item : Array.isArray(existing) ? [...existing, item] : [existing, item];
  }
  return out;
}

/** The bytes of the file in field `name` of a multipart body. */
export async function upstreamFormFileBytes(body: Buffer, contentType: string, name: string): Promise<Buffer[]> {
  const form = await new Response(new Uint8Array(body), { headers: { 'content-type': contentType } }).formData();
  const files: Buffer[] = [];
  for (const value of form.getAll(name))
    if (typeof value !== 'string') files.push(Buffer.from(await value.arrayBuffer()));
  return files;
}
