import type { IrContentPart, IrRequest, IrWarning, Result } from '@interlingua/ir';
import { invalidRequest, unsupported } from '@interlingua/ir';
import { geminiAspectRatioForSize } from './map/images-gemini-aspect-ratio.js';
import { imageMediaType } from './map/images-media-type.js';
import type { OpenAiImageEditFields, OpenAiImageGenerationRequest } from './openai-images-request-schema.js';

/** An uploaded image as the gateway hands it over: the bytes base64-encoded, with what the form said. */
export interface ImageUpload {
  base64: string;
  /** The part's `Content-Type`, when it had one. */
  contentType?: string;
  filename?: string;
}

/** A generation or edit for a generation-wire upstream (Gemini `generateContent`). */
export interface ImagesToIrInput {
  request: OpenAiImageGenerationRequest | OpenAiImageEditFields;
  /** The images to edit (edits only), in order. */
  images?: readonly ImageUpload[];
  mask?: ImageUpload;
  /** The upstream's model id. */
  model: string;
  /** How refusals name the upstream: `... is not supported by <provider>`. */
  provider: string;
}

/** Fields the Gemini conversion reads; any other field present is reported as dropped. */
const READ_FIELDS = new Set([
  'model',
  'prompt',
  'n',
  'size',
  'response_format',
  'background',
  'output_format',
  'stream',
]);

/**
 * An OpenAI image generation or edit -> an IR request for Gemini image models: the input images
 * then the prompt in one user turn, and `generationConfig.responseModalities` TEXT + IMAGE with
 * the aspect ratio of `size` (in `extensions.gemini`). What Gemini cannot produce is refused
 * (`unsupported`, 400): URLs, more than one image, streaming, transparency, JPEG/WebP, masks, a
 * size of no Gemini aspect ratio. Settings without a Gemini equivalent are dropped with a warning.
 * @see https://ai.google.dev/gemini-api/docs/image-generation
 */
export function imagesRequestToIr(input: ImagesToIrInput): Result<IrRequest> {
  const { request, provider } = input;
  const warnings: IrWarning[] = [];
  refuseUnsupported(input);
  const imageConfig: Record<string, unknown> = {};
  const size = request.size ?? 'auto';
  if (size !== 'auto') {
    const aspectRatio = geminiAspectRatioForSize(size);
    if (!aspectRatio)
      throw unsupported(
        `size: ${size} is not supported by ${provider}: it draws only the aspect ratios 1:1, 2:3, 3:2, 3:4, 4:3, 4:5, 5:4, 9:16, 16:9 and 21:9`,
        'size',
      );
    imageConfig.aspectRatio = aspectRatio;
    warnings.push({
      kind: 'approximated',
      field: 'size',
      message: `${provider} draws aspect ratio ${aspectRatio} at a pixel size of its own choosing`,
    });
  }
  for (const [field, value] of Object.entries(request)) {
    if (READ_FIELDS.has(field) || value === undefined || value === null) continue;
    warnings.push({ kind: 'dropped', field, message: `${provider} has no equivalent of ${field}` });
  }
  const content: IrContentPart[] = (input.images ?? []).map((image, index) => imagePart(image, `image[${index}]`));
  content.push({ type: 'text', text: request.prompt });
  const generationConfig: Record<string, unknown> = { responseModalities: ['TEXT', 'IMAGE'] };
  if (Object.keys(imageConfig).length > 0) generationConfig.imageConfig = imageConfig;
  return {
    value: {
      model: input.model,
      messages: [{ role: 'user', content }],
      sampling: {},
      stream: false,
      extensions: { gemini: { generationConfig } },
    },
    warnings,
  };
}

function refuseUnsupported({ request, mask, provider }: ImagesToIrInput): void {
  if (request.response_format === 'url') {
    throw unsupported(
      `response_format: url is not supported by ${provider}: it returns images as base64 data; ask for b64_json`,
      'response_format',
    );
  }
  if ((request.n ?? 1) > 1) throw unsupported(`n: ${provider} draws one image per request; ask for n = 1`, 'n');
  if (request.stream === true)
    throw unsupported(`stream: streamed partial images are not supported by ${provider}`, 'stream');
  if (request.background === 'transparent')
    throw unsupported(`background: transparent backgrounds are not supported by ${provider}`, 'background');
  if (request.output_format && request.output_format !== 'png') {
    throw unsupported(
      `output_format: ${request.output_format} is not supported by ${provider}: it returns PNG images`,
      'output_format',
    );
  }
  if (mask)
    throw unsupported(
      `mask: masked edits are not supported by ${provider}: describe the area to change in the prompt`,
      'mask',
    );
}

function imagePart(image: ImageUpload, path: string): IrContentPart {
  const mediaType = imageMediaType(image.contentType, image.filename);
  if (!mediaType)
    throw invalidRequest(
      `${path}: the image type is unknown; send a PNG, JPEG or WebP file with its file name or Content-Type`,
      path,
    );
  return { type: 'file', mediaType, source: { kind: 'base64', data: image.base64 } };
}
