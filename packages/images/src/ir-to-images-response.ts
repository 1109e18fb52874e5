import type { IrChoice, IrFilePart, IrResponse, IrUsage, Result } from '@interlingua/ir';
import { missingOutputError } from '@interlingua/ir-utils';
import { outputFormatOf } from './map/images-media-type.js';
import type { OpenAiImagesStrictResponse } from './openai-images-response-schema.js';

/**
 * A generation-wire answer (Gemini `generateContent` with IMAGE output, decoded to IR) -> an
 * OpenAI `ImagesResponse` with every returned image as `b64_json`, in answer order. Model text
 * beside the images is not an OpenAI field and is left out. An answer without any image is an
 * error, never an empty or made-up image: a safety stop is a 400 `content_policy_violation`,
 * anything else a 502 naming the finish reason and what the model said.
 */
export function irToImagesResponse(response: IrResponse, provider: string): Result<OpenAiImagesStrictResponse> {
  const images = response.choices.flatMap((choice) => choice.content.filter(isBase64Image));
  if (images.length === 0) throw missingOutputError(response, provider, 'image', response.extensions);
  const body: OpenAiImagesStrictResponse = {
    created: response.created > 0 ? response.created : Math.floor(Date.now() / 1000),
    data: images.map((image) => ({ b64_json: image.source.kind === 'base64' ? image.source.data : '' })),
  };
  const outputFormat = outputFormatOf(images[0]?.mediaType);
  if (outputFormat) body.output_format = outputFormat;
  if (response.usage) body.usage = imagesUsage(response.usage);
  return { value: body, warnings: [] };
}

function isBase64Image(part: IrChoice['content'][number]): part is IrFilePart {
  return (
    part.type === 'file' && part.source.kind === 'base64' && (part.mediaType ?? '').toLowerCase().startsWith('image/')
  );
}

/** OpenAI image usage from IR usage (the IR has no text / image split, so no details). */
export function imagesUsage(usage: IrUsage): NonNullable<OpenAiImagesStrictResponse['usage']> {
  return { input_tokens: usage.inputTokens, output_tokens: usage.outputTokens, total_tokens: usage.totalTokens };
}
