import type { IrModel } from '@interlingua/ir';
import { IrError } from '@interlingua/ir';
import { describe, expect, it } from 'vitest';
import { geminiModel, geminiModelList } from './index.js';

const models: IrModel[] = Array.from({ length: 5 }, (_, i) => ({ id: `model-${i}`, ownedBy: 'google', created: 0 }));

describe('gemini model list', () => {
  it('lists models in Gemini shape with methods from capabilities', () => {
    expect(
      geminiModel(
        { id: 'gemini-2.5-flash', ownedBy: 'google', created: 0, displayName: 'Gemini 2.5 Flash' },
        { inputTokenLimit: 1048576 },
      ),
    ).toEqual({
      name: 'models/gemini-2.5-flash',
      baseModelId: 'gemini-2.5-flash',
      version: '001',
      displayName: 'Gemini 2.5 Flash',
      inputTokenLimit: 1048576,
      supportedGenerationMethods: ['generateContent', 'streamGenerateContent', 'countTokens'],
    });
    expect(
      geminiModel({ id: 'models/text-embedding-004', ownedBy: 'google', created: 0, capabilities: ['embeddings'] }),
    ).toMatchObject({
      name: 'models/text-embedding-004',
      supportedGenerationMethods: ['embedContent', 'batchEmbedContents', 'countTokens'],
    });
    expect(
      geminiModel({ id: 'both', ownedBy: 'x', created: 0, capabilities: ['chat', 'embeddings', 'rerank'] })
        .supportedGenerationMethods,
    ).toEqual(['generateContent', 'streamGenerateContent', 'countTokens', 'embedContent', 'batchEmbedContents']);
  });

  it('pages with opaque tokens; the last page has none', () => {
    const first = geminiModelList(models, { pageSize: 2 });
    expect(first.models.map((m) => m.name)).toEqual(['models/model-0', 'models/model-1']);
    expect(first.nextPageToken).toBeTypeOf('string');
    const second = geminiModelList(models, { pageSize: 2, pageToken: first.nextPageToken });
    expect(second.models.map((m) => m.name)).toEqual(['models/model-2', 'models/model-3']);
    const last = geminiModelList(models, { pageSize: 2, pageToken: second.nextPageToken });
    expect(last.models.map((m) => m.name)).toEqual(['models/model-4']);
    expect(last.nextPageToken).toBeUndefined();
    expect(geminiModelList(models).models).toHaveLength(5);
    expect(geminiModelList(models, { pageSize: 0 }).models).toHaveLength(1);
  });

  it('rejects a token it did not make', () => {
    expect(() => geminiModelList(models, { pageToken: 'garbage!' })).toThrow(IrError);
  });
});
