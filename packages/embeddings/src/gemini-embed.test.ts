import { IrError } from '@interlingua/ir';
import { describe, expect, it } from 'vitest';
import { geminiBatchEmbedRequestToIr, geminiEmbedRequestToIr } from './gemini-embed-request-to-ir.js';
import { geminiEmbedResponseToIr } from './gemini-embed-response-to-ir.js';
import { geminiBatchEmbedStrictResponseSchema, geminiEmbedStrictResponseSchema } from './gemini-embed-schema.js';
import { irToGeminiBatchEmbedRequest, irToGeminiEmbedRequest } from './ir-to-gemini-embed-request.js';
import { irToGeminiBatchEmbedResponse, irToGeminiEmbedResponse } from './ir-to-gemini-embed-response.js';

/** What `@google/genai` 2.x sends for `models.embedContent({contents:['a','b'], config})`. */
const sdkBatch = {
  requests: [
    {
      content: { parts: [{ text: 'a' }], role: 'user' },
      taskType: 'RETRIEVAL_DOCUMENT',
      title: 'T',
      outputDimensionality: 8,
      model: 'models/gemini-embedding-001',
    },
    {
      content: { parts: [{ text: 'b' }], role: 'user' },
      taskType: 'RETRIEVAL_DOCUMENT',
      title: 'T',
      outputDimensionality: 8,
      model: 'models/gemini-embedding-001',
    },
  ],
};

function thrown(run: () => unknown): IrError {
  try {
    run();
  } catch (error) {
    if (error instanceof IrError) return error;
    throw error;
  }
  throw new Error('no error');
}

describe('Gemini embed requests', () => {
  it('reads a batch as the SDK sends it and writes it back', () => {
    const { value: ir } = geminiBatchEmbedRequestToIr(sdkBatch);
    expect(ir).toEqual({
      model: 'gemini-embedding-001',
      inputs: ['a', 'b'],
      dimensions: 8,
      taskType: 'retrieval-document',
      extensions: { gemini: { title: 'T' } },
    });
    const back = irToGeminiBatchEmbedRequest(ir).value;
    expect(back.requests.map((r) => [r.model, r.content.parts, r.taskType, r.title, r.outputDimensionality])).toEqual(
      sdkBatch.requests.map((r) => [r.model, r.content.parts, r.taskType, r.title, r.outputDimensionality]),
    );
  });

  it('reads :embedContent, joining text parts', () => {
    const { value } = geminiEmbedRequestToIr({
      content: { parts: [{ text: 'x' }, { text: 'y' }] },
      taskType: 'TASK_TYPE_UNSPECIFIED',
    });
    expect(value).toEqual({ model: '', inputs: ['x\ny'] });
    expect(irToGeminiEmbedRequest({ model: 'm', inputs: ['x'], taskType: 'code-retrieval-document' }).value).toEqual({
      content: { parts: [{ text: 'x' }] },
      taskType: 'RETRIEVAL_DOCUMENT',
    });
  });

  it('refuses batches whose requests disagree, unknown tasks and non-text parts, naming the field', () => {
    const mixed = { requests: [sdkBatch.requests[0], { ...sdkBatch.requests[1], taskType: 'CLUSTERING' }] };
    expect(thrown(() => geminiBatchEmbedRequestToIr(mixed)).data.param).toBe('requests[1].taskType');
    expect(
      thrown(() => geminiEmbedRequestToIr({ content: { parts: [{ text: 'a' }] }, taskType: 'NOPE' })).data.param,
    ).toBe('taskType');
    const image = thrown(() =>
      geminiEmbedRequestToIr({ content: { parts: [{ inlineData: { mimeType: 'image/png', data: 'AA==' } }] } }),
    );
    expect(image.data).toMatchObject({ kind: 'unsupported', param: 'content.parts[0]' });
    expect(thrown(() => geminiBatchEmbedRequestToIr({ requests: [] })).data.param).toBe('requests');
  });

  it('refuses token arrays', () => {
    expect(thrown(() => irToGeminiBatchEmbedRequest({ model: 'm', inputs: [[1, 2]] })).data).toMatchObject({
      kind: 'unsupported',
      param: 'input',
    });
  });
});

describe('Gemini embed answers', () => {
  it('reads both answer shapes and writes strict ones', () => {
    expect(geminiEmbedResponseToIr({ embedding: { values: [1] } }).value.vectors).toEqual([[1]]);
    const ir = geminiEmbedResponseToIr({ embeddings: [{ values: [1] }, { values: [2] }] }).value;
    geminiBatchEmbedStrictResponseSchema.parse(irToGeminiBatchEmbedResponse(ir).value);
    const single = irToGeminiEmbedResponse({ vectors: [[1]] });
    geminiEmbedStrictResponseSchema.parse(single.value);
    expect(single.warnings).toEqual([]);
    expect(() => geminiEmbedResponseToIr({ candidates: [] })).toThrow(IrError);
  });
});
