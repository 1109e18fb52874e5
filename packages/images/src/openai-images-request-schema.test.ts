import { IrError } from '@interlingua/ir';
import { describe, expect, it } from 'vitest';
import { parseImagesWire } from './images-invalid-request.js';
import {
  openAiImageEditFieldsSchema,
  openAiImageGenerationRequestSchema,
  openAiImageVariationFieldsSchema,
} from './openai-images-request-schema.js';

function invalid(run: () => unknown): IrError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(IrError);
    return error as IrError;
  }
  throw new Error('expected an IrError');
}

describe('OpenAI image request schemas', () => {
  it('read a generation body, keeping unknown fields', () => {
    const body = {
      model: 'gpt-image-1',
      prompt: 'otter',
      n: 2,
      size: '1024x1024',
      quality: 'high',
      output_format: 'webp',
      output_compression: 80,
      future_field: { a: 1 },
    };
    expect(parseImagesWire(openAiImageGenerationRequestSchema, body)).toEqual(body);
  });

  it('read multipart edit fields: numbers and booleans from their strings', () => {
    const fields = {
      model: 'dall-e-2',
      prompt: 'hat',
      n: '3',
      stream: 'false',
      partial_images: '2',
      output_compression: '50',
      input_fidelity: 'low',
    };
    expect(parseImagesWire(openAiImageEditFieldsSchema, fields)).toEqual({
      ...fields,
      n: 3,
      stream: false,
      partial_images: 2,
      output_compression: 50,
    });
    expect(
      parseImagesWire(openAiImageVariationFieldsSchema, { model: 'dall-e-2', n: '1', response_format: 'b64_json' }),
    ).toMatchObject({ n: 1 });
  });

  it.each([
    [{ prompt: '' }, 'prompt', /^prompt: a prompt is required/],
    [{ prompt: 'x', n: 'two' }, 'n', /^n: /],
    [{ prompt: 'x', n: '11' }, 'n', /^n: /],
    [{ prompt: 'x', n: '1.5' }, 'n', /^n: /],
    [{ prompt: 'x', response_format: 'png' }, 'response_format', /^response_format: /],
    [{ prompt: 'x', stream: 'yes' }, 'stream', /^stream: /],
    [{ prompt: 'x', background: 'clear' }, 'background', /^background: /],
    [{ prompt: ['a', 'b'] }, 'prompt', /^prompt: /],
  ])('name the bad field of %j', (fields, param, message) => {
    const error = invalid(() => parseImagesWire(openAiImageEditFieldsSchema, fields));
    expect(error.data).toMatchObject({ kind: 'invalid-request', param });
    expect(error.message).toMatch(message);
  });
});
