import { describe, expect, it } from 'vitest';
import type { HttpProviderAdapter, ServiceName } from '../../provider-adapter.js';
import { cohereAdapter } from '../cohere/cohere-adapter.js';
import { geminiAdapter } from '../gemini/gemini-adapter.js';
import { jinaAdapter } from '../jina/jina-adapter.js';
import { openAiCompatibleAdapter } from '../openai-compatible/openai-compatible-adapter.js';
import { testSettings } from '../openai-compatible/provider-settings.test-support.js';
import { openAiAdapter } from '../openai/openai-adapter.js';
import { teiAdapter } from '../tei/tei-adapter.js';
import { togetherAdapter } from '../together/together-adapter.js';
import { vllmAdapter } from '../vllm/vllm-adapter.js';
import { voyageAdapter } from '../voyage/voyage-adapter.js';

function serviceUrl(
  adapter: HttpProviderAdapter,
  service: ServiceName,
  baseUrl?: string,
): [string | undefined, string | undefined] {
  const endpoint = adapter.services?.[service];
  const settings = testSettings(adapter, baseUrl ? { baseUrl } : {});
  return [endpoint?.wire, endpoint?.endpoint(settings, 'some/model').url];
}

describe('embeddings and rerank services', () => {
  it.each([
    [cohereAdapter, 'embeddings', 'cohere-v2', 'https://api.cohere.com/v2/embed'],
    [cohereAdapter, 'rerank', 'cohere-v2', 'https://api.cohere.com/v2/rerank'],
    [voyageAdapter, 'embeddings', 'voyage', 'https://api.voyageai.com/v1/embeddings'],
    [voyageAdapter, 'rerank', 'voyage', 'https://api.voyageai.com/v1/rerank'],
    [jinaAdapter, 'embeddings', 'jina', 'https://api.jina.ai/v1/embeddings'],
    [jinaAdapter, 'rerank', 'jina', 'https://api.jina.ai/v1/rerank'],
    [openAiAdapter, 'embeddings', 'openai', 'https://api.openai.com/v1/embeddings'],
    [togetherAdapter, 'embeddings', 'openai', 'https://api.together.xyz/v1/embeddings'],
    [togetherAdapter, 'rerank', 'jina', 'https://api.together.xyz/v1/rerank'],
    [
      geminiAdapter,
      'embeddings',
      'gemini',
      'https://generativelanguage.googleapis.com/v1beta/models/some%2Fmodel:batchEmbedContents',
    ],
  ] as const)('%#: %s %s speaks %s at %s', (adapter, service, wire, url) => {
    expect(serviceUrl(adapter, service)).toEqual([wire, url]);
  });

  it('puts OpenAI-compatible servers and TEI at their configured address', () => {
    expect(serviceUrl(vllmAdapter, 'rerank', 'http://gpu:8000/v1')).toEqual(['jina', 'http://gpu:8000/v1/rerank']);
    expect(serviceUrl(openAiCompatibleAdapter, 'embeddings', 'http://box/v1')).toEqual([
      'openai',
      'http://box/v1/embeddings',
    ]);
    expect(serviceUrl(teiAdapter, 'embeddings', 'http://tei:8080')).toEqual([
      'openai',
      'http://tei:8080/v1/embeddings',
    ]);
    expect(serviceUrl(teiAdapter, 'rerank', 'http://tei:8080/')).toEqual(['tei', 'http://tei:8080/rerank']);
  });

  it('has no rerank where the provider has none, and no embeddings on OpenAI-compatible presets that did not opt in', () => {
    expect(openAiAdapter.services?.rerank).toBeUndefined();
    expect(geminiAdapter.services?.rerank).toBeUndefined();
  });

  it('sends a Bearer key, and config headers last', () => {
    const settings = testSettings(cohereAdapter, { headers: { 'x-client-name': 'interlingua' } });
    expect(cohereAdapter.services?.embeddings?.endpoint(settings, 'embed-v4.0').headers).toEqual({
      authorization: 'Bearer test-key',
      'x-client-name': 'interlingua',
    });
    expect(teiAdapter.services?.rerank?.endpoint(testSettings(teiAdapter, { apiKey: undefined }), 'm').headers).toEqual(
      {},
    );
  });
});

describe('service-only providers', () => {
  it.each([cohereAdapter, voyageAdapter, jinaAdapter, teiAdapter])(
    '$type has no generation and registers from its environment',
    (adapter) => {
      expect(adapter.generates).toBe(false);
      expect(() => adapter.generation({ settings: testSettings(adapter), model: 'm', stream: false })).toThrow(
        /Text generation is not supported/,
      );
    },
  );

  it('maps documented error bodies', () => {
    /** Cohere: `{"id", "message"}` (https://docs.cohere.com/reference/errors). */
    expect(cohereAdapter.hooks?.mapError?.(402, { id: 'x', message: 'Please add a payment method' })).toMatchObject({
      kind: 'quota-exceeded',
      message: 'Please add a payment method',
      status: 402,
    });
    expect(
      cohereAdapter.hooks?.mapError?.(400, {
        message: 'invalid request: valid input_type must be provided with the provided model',
      })?.kind,
    ).toBe('invalid-request');
    /** Voyage and Jina: FastAPI's `{"detail"}`, a string or validation items. */
    expect(voyageAdapter.hooks?.mapError?.(401, { detail: 'Provided API key is invalid.' })).toMatchObject({
      kind: 'authentication',
      message: 'Provided API key is invalid.',
    });
    expect(
      jinaAdapter.hooks?.mapError?.(422, {
        detail: [{ loc: ['body', 'input'], msg: 'field required', type: 'value_error.missing' }],
      }),
    ).toMatchObject({ kind: 'invalid-request', message: 'field required' });
    /** TEI: `{"error", "error_type"}`. */
    expect(teiAdapter.hooks?.mapError?.(429, { error: 'Model is overloaded', error_type: 'Overloaded' })).toMatchObject(
      { kind: 'overloaded', message: 'Model is overloaded' },
    );
    expect(
      teiAdapter.hooks?.mapError?.(413, {
        error: 'batch size 64 > maximum allowed batch size 32',
        error_type: 'Validation',
      })?.kind,
    ).toBe('invalid-request');
    expect(jinaAdapter.hooks?.mapError?.(503, 'upstream connect error')).toMatchObject({
      kind: 'overloaded',
      message: 'upstream connect error',
    });
  });
});
