import { IrError } from '@interlingua/ir';
import { describe, expect, it } from 'vitest';
import { irToOpenAiEmbeddingsRequest } from './ir-to-openai-embeddings-request.js';
import { irToOpenAiEmbeddingsResponse } from './ir-to-openai-embeddings-response.js';
import { openAiEmbeddingsRequestToIr } from './openai-embeddings-request-to-ir.js';
import { openAiEmbeddingsResponseToIr } from './openai-embeddings-response-to-ir.js';
import { openAiEmbeddingsStrictResponseSchema } from './openai-embeddings-schema.js';

function rejection(wire: unknown): IrError {
  try {
    openAiEmbeddingsRequestToIr(wire);
  } catch (error) {
    if (error instanceof IrError) return error;
    throw error;
  }
  throw new Error('accepted');
}

describe('OpenAI embeddings requests', () => {
  it('reads every documented input form', () => {
    expect(openAiEmbeddingsRequestToIr({ model: 'm', input: 'hi' }).value.inputs).toEqual(['hi']);
    expect(openAiEmbeddingsRequestToIr({ model: 'm', input: ['a', 'b'] }).value.inputs).toEqual(['a', 'b']);
    expect(openAiEmbeddingsRequestToIr({ model: 'm', input: [1, 2, 3] }).value.inputs).toEqual([[1, 2, 3]]);
    expect(openAiEmbeddingsRequestToIr({ model: 'm', input: [[1], [2, 3]] }).value.inputs).toEqual([[1], [2, 3]]);
  });

  it('keeps dimensions, encoding, user, input_type and unknown fields through a round trip', () => {
    const wire = {
      model: 'text-embedding-3-small',
      input: ['a'],
      dimensions: 256,
      encoding_format: 'base64',
      user: 'u1',
      input_type: 'query',
      extra: { x: 1 },
    };
    const { value: ir } = openAiEmbeddingsRequestToIr(wire);
    expect(ir).toMatchObject({
      dimensions: 256,
      encodingFormat: 'base64',
      taskType: 'retrieval-query',
      extensions: { openai: { user: 'u1', input_type: 'query', extra: { x: 1 } } },
    });
    const back = irToOpenAiEmbeddingsRequest(ir);
    expect(back.value).toEqual(wire);
    expect(back.warnings).toEqual([]);
  });

  it('keeps an input_type it does not know without reading a task from it', () => {
    const { value } = openAiEmbeddingsRequestToIr({ model: 'm', input: 'a', input_type: 'weird' });
    expect(value.taskType).toBeUndefined();
    expect(value.extensions?.openai).toEqual({ input_type: 'weird' });
  });

  it('drops a task type with a warning when writing for OpenAI', () => {
    const { warnings } = irToOpenAiEmbeddingsRequest({ model: 'm', inputs: ['a'], taskType: 'clustering' });
    expect(warnings).toEqual([expect.objectContaining({ kind: 'dropped', field: 'taskType' })]);
  });

  it.each([
    [{ input: 'a' }, 'model'],
    [{ model: 'm' }, 'input'],
    [{ model: 'm', input: '' }, 'input'],
    [{ model: 'm', input: [] }, 'input'],
    [{ model: 'm', input: [1.5] }, 'input'],
    [{ model: 'm', input: 'a', encoding_format: 'int8' }, 'encoding_format'],
    [{ model: 'm', input: 'a', dimensions: 0 }, 'dimensions'],
  ])('refuses %j naming %s', (wire, field) => {
    const error = rejection(wire);
    expect(error.data.kind).toBe('invalid-request');
    expect(error.data.param).toBe(field);
    expect(error.message.startsWith(`${field}:`)).toBe(true);
  });
});

describe('OpenAI embeddings answers', () => {
  const ir = {
    vectors: [
      [0.5, -1],
      [0.25, 2],
    ],
    model: 'up',
    usage: { inputTokens: 3, outputTokens: 0, totalTokens: 3 },
  };

  it('writes floats or base64 that the SDK decodes to the same float32 values', () => {
    const float = irToOpenAiEmbeddingsResponse(ir, { model: 'alias' }).value;
    expect(openAiEmbeddingsStrictResponseSchema.parse(float)).toMatchObject({
      model: 'alias',
      usage: { prompt_tokens: 3, total_tokens: 3 },
    });
    const base64 = irToOpenAiEmbeddingsResponse(ir, { encodingFormat: 'base64' }).value;
    const first = base64.data[1]?.embedding as string;
    const bytes = Buffer.from(first, 'base64');
    expect(Array.from(new Float32Array(bytes.buffer, bytes.byteOffset, 2))).toEqual([0.25, 2]);
    expect(openAiEmbeddingsResponseToIr(base64).value.vectors).toEqual(ir.vectors);
  });

  it('orders vectors by index and writes zero usage with a warning when none is known', () => {
    const decoded = openAiEmbeddingsResponseToIr({
      data: [
        { index: 1, embedding: [2] },
        { index: 0, embedding: [1] },
      ],
    }).value;
    expect(decoded.vectors).toEqual([[1], [2]]);
    const written = irToOpenAiEmbeddingsResponse(decoded);
    expect(written.value.usage).toEqual({ prompt_tokens: 0, total_tokens: 0 });
    expect(written.warnings[0]).toMatchObject({ kind: 'approximated', field: 'usage' });
  });

  it('refuses a base64 string that is not float32', () => {
    expect(() => openAiEmbeddingsResponseToIr({ data: [{ index: 0, embedding: 'abc' }] })).toThrow(
      /not base64 float32/,
    );
  });
});
