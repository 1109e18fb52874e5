import { IrError, checkUsageInvariants } from '@interlingua/ir';
import { listRecordings, recordingJson, type Recording } from '@interlingua/testkit';
import { describe, expect, it } from 'vitest';
import type { EmbeddingWireId } from './embedding-ir.js';
import { EMBEDDING_WIRES } from './embedding-wires.js';
import { cohereEmbedStrictResponseSchema } from './cohere-embed-schema.js';
import { geminiBatchEmbedStrictResponseSchema } from './gemini-embed-schema.js';
import { openAiEmbeddingsStrictResponseSchema } from './openai-embeddings-schema.js';

/** The wire of a recording, from its file name (`embeddings/06-cohere-v2-embed-float.json`). */
function wireOf(recording: Recording): EmbeddingWireId {
  if (recording.file.includes('gemini')) return 'gemini';
  if (recording.file.includes('cohere')) return 'cohere-v2';
  return 'openai';
}

const STRICT = {
  openai: openAiEmbeddingsStrictResponseSchema,
  gemini: geminiBatchEmbedStrictResponseSchema,
  'cohere-v2': cohereEmbedStrictResponseSchema,
};

const answers = listRecordings('embeddings', (row) => row.http_status === 200);
const errors = listRecordings('embeddings', (row) => row.http_status >= 400);

describe('recorded embeddings answers', () => {
  it('covers OpenAI, Gemini and Cohere', () => {
    expect(answers.map(wireOf).sort()).toEqual(['cohere-v2', 'gemini', 'openai']);
  });

  it.each(answers.map((r) => [r.file, r] as const))('%s decodes as its sidecar says', (_file, recording) => {
    const wire = EMBEDDING_WIRES[wireOf(recording)];
    const { value } = wire.response.toIr(recordingJson(recording));
    expect(value.vectors.map((v) => v.length)).toEqual(recording.expect.dims);
    expect(value.vectors).toHaveLength(recording.expect.vectors as number);
    const usage = recording.expect.usage as Record<string, number> | null;
    if (usage === null) expect(value.usage).toBeUndefined();
    else {
      expect(value.usage?.inputTokens).toBe(usage.prompt_tokens ?? usage.input_tokens);
      expect(checkUsageInvariants(value.usage!)).toEqual([]);
      expect(value.usage?.raw).toBeDefined();
    }
    if (recording.expect.model) expect(value.model).toBe(recording.expect.model);
  });

  it.each(answers.map((r) => [r.file, r] as const))(
    '%s re-encodes to a strict answer that decodes the same',
    (_file, recording) => {
      const id = wireOf(recording) as keyof typeof STRICT;
      const wire = EMBEDDING_WIRES[id];
      const ir = wire.response.toIr(recordingJson(recording)).value;
      const written = wire.response.fromIr(ir, { model: 'm' }).value;
      STRICT[id].parse(written);
      expect(wire.response.toIr(written).value.vectors).toEqual(ir.vectors);
    },
  );

  it.each(errors.map((r) => [r.file, r] as const))('%s is not mistaken for an answer', (_file, recording) => {
    const wire = EMBEDDING_WIRES[wireOf(recording)];
    const error = (() => {
      try {
        wire.response.toIr(recordingJson(recording));
      } catch (e) {
        return e;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(IrError);
    expect((error as IrError).data.kind).toBe('upstream-error');
  });
});
