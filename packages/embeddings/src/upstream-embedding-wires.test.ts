import { IrError } from '@interlingua/ir';
import { describe, expect, it } from 'vitest';
import type { EmbeddingWireId, IrEmbeddingRequest } from './embedding-ir.js';
import { EMBEDDING_WIRES, embeddingWire } from './embedding-wires.js';
import { cohereEmbedStrictResponseSchema } from './cohere-embed-schema.js';
import { jinaEmbeddingsStrictResponseSchema } from './jina-embeddings-schema.js';
import { voyageEmbeddingsStrictResponseSchema } from './voyage-embeddings-schema.js';

const request: IrEmbeddingRequest = { model: 'm', inputs: ['a', 'b'], dimensions: 256, taskType: 'retrieval-query' };

describe('requests to the upstream wires', () => {
  it('writes Cohere v2 embed with float types and a mapped input_type', () => {
    expect(EMBEDDING_WIRES['cohere-v2'].request.fromIr(request)).toEqual({
      value: {
        model: 'm',
        texts: ['a', 'b'],
        input_type: 'search_query',
        embedding_types: ['float'],
        output_dimension: 256,
      },
      warnings: [],
    });
    const noTask = EMBEDDING_WIRES['cohere-v2'].request.fromIr({ model: 'm', inputs: ['a'] });
    expect(noTask.value).toMatchObject({ input_type: 'search_document' });
    expect(noTask.warnings[0]).toMatchObject({ kind: 'approximated', field: 'input_type' });
  });

  it('writes Voyage and Jina with their own field names', () => {
    expect(EMBEDDING_WIRES.voyage.request.fromIr(request).value).toEqual({
      model: 'm',
      input: ['a', 'b'],
      input_type: 'query',
      output_dimension: 256,
    });
    expect(EMBEDDING_WIRES.jina.request.fromIr(request).value).toEqual({
      model: 'm',
      input: ['a', 'b'],
      task: 'retrieval.query',
      dimensions: 256,
    });
  });

  it('warns when a wire has no such task or only a nearby one', () => {
    const similarity = { ...request, taskType: 'semantic-similarity' as const };
    expect(EMBEDDING_WIRES.voyage.request.fromIr(similarity).warnings[0]).toMatchObject({
      kind: 'dropped',
      field: 'taskType',
    });
    const qa = { ...request, taskType: 'question-answering' as const };
    expect(EMBEDDING_WIRES.jina.request.fromIr(qa).warnings[0]).toMatchObject({
      kind: 'approximated',
      field: 'taskType',
    });
  });

  it.each(['gemini', 'cohere-v2', 'voyage', 'jina'] as const)(
    '%s refuses token arrays with a 400 naming input',
    (id) => {
      let error: unknown;
      try {
        EMBEDDING_WIRES[id].request.fromIr({ model: 'm', inputs: [[1, 2]] });
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(IrError);
      expect((error as IrError).data).toMatchObject({ kind: 'unsupported', param: 'input' });
      expect((error as IrError).status).toBe(400);
    },
  );

  it.each(['openai', 'cohere-v2', 'voyage', 'jina'] as const satisfies readonly EmbeddingWireId[])(
    '%s request round-trips through the IR',
    (id) => {
      const wire = EMBEDDING_WIRES[id];
      const written = wire.request.fromIr(request).value;
      const again = wire.request.fromIr(wire.request.toIr(written).value).value;
      expect(again).toEqual(written);
    },
  );

  it('keeps style-only fields of Cohere, Voyage and Jina callers', () => {
    const cohere = EMBEDDING_WIRES['cohere-v2'];
    const ir = cohere.request.toIr({
      model: 'embed-v4.0',
      texts: ['a'],
      input_type: 'clustering',
      truncate: 'START',
      max_tokens: 100,
    }).value;
    expect(ir.taskType).toBe('clustering');
    expect(cohere.request.fromIr(ir).value).toMatchObject({
      truncate: 'START',
      max_tokens: 100,
      input_type: 'clustering',
    });
    expect(
      EMBEDDING_WIRES.voyage.request.toIr({ model: 'voyage-3.5', input: 'x', truncation: false }).value.extensions,
    ).toEqual({ voyage: { truncation: false } });
    expect(
      EMBEDDING_WIRES.jina.request.toIr({ model: 'jina-embeddings-v3', input: [{ text: 'x' }], late_chunking: true })
        .value,
    ).toMatchObject({ inputs: ['x'], extensions: { jina: { late_chunking: true } } });
  });

  it('refuses what the IR cannot carry', () => {
    expect(() =>
      EMBEDDING_WIRES['cohere-v2'].request.toIr({ model: 'm', texts: ['a'], embedding_types: ['int8'] }),
    ).toThrow(/embedding_types/);
    expect(() =>
      EMBEDDING_WIRES['cohere-v2'].request.toIr({
        model: 'm',
        images: ['data:image/png;base64,AA=='],
        input_type: 'image',
      }),
    ).toThrow(IrError);
    expect(() => EMBEDDING_WIRES.voyage.request.toIr({ model: 'm', input: 'a', output_dtype: 'int8' })).toThrow(
      /output_dtype/,
    );
    expect(() => EMBEDDING_WIRES.jina.request.toIr({ model: 'm', input: [{ image: 'https://x/y.png' }] })).toThrow(
      /input\[0\]/,
    );
    expect(embeddingWire('nope')).toBeUndefined();
  });
});

describe('answers of the upstream wires', () => {
  /** The answer example of https://docs.voyageai.com/reference/embeddings-api (values shortened). */
  const voyage = {
    object: 'list',
    data: [{ object: 'embedding', embedding: [0.1, 0.2], index: 0 }],
    model: 'voyage-3.5',
    usage: { total_tokens: 10 },
  };
  /** The answer example of https://jina.ai/embeddings/ (values shortened). */
  const jina = {
    model: 'jina-embeddings-v3',
    object: 'list',
    usage: { total_tokens: 8, prompt_tokens: 8 },
    data: [{ object: 'embedding', index: 0, embedding: [0.3, 0.4] }],
  };

  it('reads documented Voyage and Jina answers and writes strict ones back', () => {
    const fromVoyage = EMBEDDING_WIRES.voyage.response.toIr(voyage).value;
    expect(fromVoyage).toMatchObject({
      vectors: [[0.1, 0.2]],
      model: 'voyage-3.5',
      usage: { inputTokens: 10, totalTokens: 10 },
    });
    expect(
      voyageEmbeddingsStrictResponseSchema.parse(EMBEDDING_WIRES.voyage.response.fromIr(fromVoyage).value),
    ).toEqual(voyage);
    const fromJina = EMBEDDING_WIRES.jina.response.toIr(jina).value;
    expect(jinaEmbeddingsStrictResponseSchema.parse(EMBEDDING_WIRES.jina.response.fromIr(fromJina).value)).toEqual(
      jina,
    );
    const cohere = EMBEDDING_WIRES['cohere-v2'].response.fromIr({
      id: 'x',
      vectors: [[1]],
      usage: { inputTokens: 1, outputTokens: 0, totalTokens: 1 },
    }).value;
    expect(cohereEmbedStrictResponseSchema.parse(cohere).meta.billed_units).toEqual({ input_tokens: 1 });
  });

  it('refuses an answer with no float embeddings', () => {
    expect(() => EMBEDDING_WIRES['cohere-v2'].response.toIr({ embeddings: { int8: [[1]] } })).toThrow(
      /embeddings.float/,
    );
    expect(() => EMBEDDING_WIRES.voyage.response.toIr({ detail: 'bad' })).toThrow(IrError);
  });
});
