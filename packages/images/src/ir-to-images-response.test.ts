import type { IrResponse } from '@interlingua/ir';
import { IrError } from '@interlingua/ir';
import { listRecordings, recordingJson } from '@interlingua/testkit';
import { describe, expect, it } from 'vitest';
import { irToImagesResponse } from './ir-to-images-response.js';
import { openAiImagesResponseSchema, openAiImagesStrictResponseSchema } from './openai-images-response-schema.js';

const answer = (
  content: IrResponse['choices'][number]['content'],
  unified: 'stop' | 'content-filter' = 'stop',
  raw = 'STOP',
): IrResponse => ({
  id: 'r1',
  model: 'gemini-2.5-flash-image',
  created: 1_700_000_000,
  choices: [{ index: 0, content, finishReason: { unified, raw } }],
  usage: { inputTokens: 10, outputTokens: 1290, totalTokens: 1300 },
});

describe('irToImagesResponse', () => {
  it('answers every returned image as b64_json, with its format and usage, passing the strict schema', () => {
    const { value } = irToImagesResponse(
      answer([
        { type: 'text', text: 'Here you go' },
        { type: 'file', mediaType: 'image/png', source: { kind: 'base64', data: 'AAAA' } },
        { type: 'reasoning', text: '', opaque: { origin: 'gemini', kind: 'signature', data: 'sig' } },
        { type: 'file', mediaType: 'image/png', source: { kind: 'base64', data: 'BBBB' } },
      ]),
      'gemini',
    );
    expect(value).toEqual({
      created: 1_700_000_000,
      data: [{ b64_json: 'AAAA' }, { b64_json: 'BBBB' }],
      output_format: 'png',
      usage: { input_tokens: 10, output_tokens: 1290, total_tokens: 1300 },
    });
    expect(openAiImagesStrictResponseSchema.safeParse(value).success).toBe(true);
  });

  it('never answers without an image: a safety stop is a 400, anything else a 502, both naming what happened', () => {
    const blocked = (() => {
      try {
        return irToImagesResponse(answer([{ type: 'text', text: 'No.' }], 'content-filter', 'IMAGE_SAFETY'), 'gemini');
      } catch (error) {
        return error;
      }
    })();
    expect(blocked).toBeInstanceOf(IrError);
    expect((blocked as IrError).data).toMatchObject({
      status: 400,
      code: 'content_policy_violation',
      message: 'gemini returned no image (finish reason IMAGE_SAFETY): No.',
    });
    expect(() => irToImagesResponse(answer([{ type: 'text', text: 'words' }]), 'gemini')).toThrow(
      /gemini returned no image \(finish reason STOP\): words/,
    );
    expect(() =>
      irToImagesResponse(
        answer([{ type: 'file', mediaType: 'image/png', source: { kind: 'url', url: 'https://x/y.png' } }]),
        'gemini',
      ),
    ).toThrow(IrError);
  });
});

describe('recorded images answers', () => {
  it.each(listRecordings('images', (row) => row.http_status === 200).map((r) => [r.file, r] as const))(
    '%s reads as an ImagesResponse matching its sidecar',
    (_file, recording) => {
      const parsed = openAiImagesResponseSchema.parse(recordingJson(recording));
      expect(parsed.data).toHaveLength(recording.expect.images as number);
      expect(parsed.data?.map((image) => (image.url ? 'url' : 'b64_json'))).toEqual(recording.expect.kinds);
      expect(parsed.data?.filter((image) => image.revised_prompt !== undefined)).toHaveLength(
        recording.expect.revised_prompts as number,
      );
    },
  );
});
