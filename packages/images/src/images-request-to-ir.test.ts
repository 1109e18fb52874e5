import { IrError } from '@interlingua/ir';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { imagesRequestToIr, type ImagesToIrInput } from './images-request-to-ir.js';
import { GEMINI_ASPECT_RATIOS, geminiAspectRatioForSize } from './map/images-gemini-aspect-ratio.js';

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const base = (request: ImagesToIrInput['request'], extra: Partial<ImagesToIrInput> = {}): ImagesToIrInput => ({
  request,
  model: 'gemini-2.5-flash-image',
  provider: 'gemini',
  ...extra,
});

function refusal(input: ImagesToIrInput): IrError {
  try {
    imagesRequestToIr(input);
  } catch (error) {
    expect(error).toBeInstanceOf(IrError);
    return error as IrError;
  }
  throw new Error('expected a refusal');
}

describe('imagesRequestToIr (Gemini image models)', () => {
  it('puts the input images, then the prompt, in one user turn, asking for TEXT and IMAGE', () => {
    const { value, warnings } = imagesRequestToIr(
      base(
        { prompt: 'Combine', size: '1024x1024' },
        {
          images: [
            { base64: PNG, contentType: 'image/png' },
            { base64: PNG, contentType: 'application/octet-stream', filename: 'b.JPG' },
          ],
        },
      ),
    );
    expect(value).toEqual({
      model: 'gemini-2.5-flash-image',
      messages: [
        {
          role: 'user',
          content: [
            { type: 'file', mediaType: 'image/png', source: { kind: 'base64', data: PNG } },
            { type: 'file', mediaType: 'image/jpeg', source: { kind: 'base64', data: PNG } },
            { type: 'text', text: 'Combine' },
          ],
        },
      ],
      sampling: {},
      stream: false,
      extensions: {
        gemini: { generationConfig: { responseModalities: ['TEXT', 'IMAGE'], imageConfig: { aspectRatio: '1:1' } } },
      },
    });
    expect(warnings).toEqual([expect.objectContaining({ kind: 'approximated', field: 'size' })]);
  });

  it('sends no image config for size auto and reports settings Gemini has no equivalent of', () => {
    const { value, warnings } = imagesRequestToIr(
      base({
        prompt: 'x',
        size: 'auto',
        quality: 'hd',
        style: 'vivid',
        user: 'u',
        n: 1,
        response_format: 'b64_json',
        output_format: 'png',
      } as ImagesToIrInput['request']),
    );
    expect(value.extensions).toEqual({ gemini: { generationConfig: { responseModalities: ['TEXT', 'IMAGE'] } } });
    expect(warnings.map((w) => `${w.kind} ${w.field}`)).toEqual(['dropped quality', 'dropped style', 'dropped user']);
  });

  it.each([
    [{ prompt: 'x', response_format: 'url' as const }, 'response_format'],
    [{ prompt: 'x', n: 2 }, 'n'],
    [{ prompt: 'x', stream: true }, 'stream'],
    [{ prompt: 'x', background: 'transparent' as const }, 'background'],
    [{ prompt: 'x', output_format: 'webp' as const }, 'output_format'],
    [{ prompt: 'x', size: '1000x100' }, 'size'],
    [{ prompt: 'x', size: 'large' }, 'size'],
  ])('refuses %j naming %s and the provider', (request, param) => {
    const error = refusal(base(request));
    expect(error.data).toMatchObject({ kind: 'unsupported', param });
    expect(error.status).toBe(400);
    expect(error.message).toContain(param);
    expect(error.message).toContain('gemini');
  });

  it('refuses a mask, and an image of unknown type', () => {
    expect(
      refusal(base({ prompt: 'x' }, { images: [{ base64: PNG, contentType: 'image/png' }], mask: { base64: PNG } }))
        .data.param,
    ).toBe('mask');
    expect(refusal(base({ prompt: 'x' }, { images: [{ base64: PNG, filename: 'a.tiff' }] })).data).toMatchObject({
      kind: 'invalid-request',
      param: 'image[0]',
    });
  });
});

describe('geminiAspectRatioForSize', () => {
  it('maps OpenAI sizes to the nearest Gemini ratio within 2%', () => {
    expect(geminiAspectRatioForSize('1536x1024')).toBe('3:2');
    expect(geminiAspectRatioForSize('1024x1536')).toBe('2:3');
    expect(geminiAspectRatioForSize('1792x1024')).toBe('16:9');
    expect(geminiAspectRatioForSize('256x256')).toBe('1:1');
    expect(geminiAspectRatioForSize('1000x500')).toBeUndefined();
    expect(geminiAspectRatioForSize('0x10')).toBeUndefined();
  });

  it('finds every Gemini ratio from any size drawn in it', () => {
    const ratios = Object.entries(GEMINI_ASPECT_RATIOS);
    fc.assert(
      fc.property(fc.constantFrom(...ratios), fc.integer({ min: 16, max: 4096 }), ([name, ratio], height) => {
        const width = Math.round(height * ratio);
        fc.pre(Math.abs(width / height / ratio - 1) < 0.005);
        expect(geminiAspectRatioForSize(`${width}x${height}`)).toBe(name);
      }),
      { numRuns: 50 },
    );
  });
});
