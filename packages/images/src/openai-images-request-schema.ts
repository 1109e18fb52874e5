import * as z from 'zod';
import { formBoolean, formNumber } from './images-form-values.js';
import { MAX_MODEL_NAME_LENGTH, MAX_USER_ID_LENGTH } from '@interlingua/ir';

/**
 * OpenAI Images API requests, read loosely: documented fields are checked, unknown ones survive
 * (they are forwarded to OpenAI-compatible upstreams as sent). Numbers and booleans are accepted
 * as JSON values and as the strings a multipart form carries.
 * @see https://platform.openai.com/docs/api-reference/images
 */
const responseFormat = z.enum(['url', 'b64_json']);
const outputFormat = z.enum(['png', 'jpeg', 'webp']);

const commonFields = {
  model: z.string().min(1).max(MAX_MODEL_NAME_LENGTH).optional(),
  n: formNumber(z.number().int().min(1).max(10)).nullable().optional(),
  size: z.string().min(1).nullable().optional(),
  response_format: responseFormat.nullable().optional(),
  user: z.string().max(MAX_USER_ID_LENGTH).optional(),
};

/** Fields of generations and edits (GPT-image and DALL-E). */
const generationFields = {
  ...commonFields,
  prompt: z.string().min(1, 'a prompt is required'),
  quality: z.string().min(1).nullable().optional(),
  background: z.enum(['transparent', 'opaque', 'auto']).nullable().optional(),
  output_format: outputFormat.nullable().optional(),
  output_compression: formNumber(z.number().int().min(0).max(100)).nullable().optional(),
  moderation: z.string().min(1).nullable().optional(),
  stream: formBoolean.nullable().optional(),
  partial_images: formNumber(z.number().int().min(0).max(3)).nullable().optional(),
};

/** `POST /v1/images/generations` (JSON). */
export const openAiImageGenerationRequestSchema = z.looseObject({
  ...generationFields,
  style: z.string().min(1).nullable().optional(),
});

/** The text fields of `POST /v1/images/edits` (multipart; the files travel beside them). */
export const openAiImageEditFieldsSchema = z.looseObject({
  ...generationFields,
  input_fidelity: z.enum(['high', 'low']).nullable().optional(),
});

/** The text fields of `POST /v1/images/variations` (multipart; the image travels beside them). */
export const openAiImageVariationFieldsSchema = z.looseObject(commonFields);

export type OpenAiImageGenerationRequest = z.output<typeof openAiImageGenerationRequestSchema>;
export type OpenAiImageEditFields = z.output<typeof openAiImageEditFieldsSchema>;
export type OpenAiImageVariationFields = z.output<typeof openAiImageVariationFieldsSchema>;
export type OpenAiImageResponseFormat = z.output<typeof responseFormat>;
