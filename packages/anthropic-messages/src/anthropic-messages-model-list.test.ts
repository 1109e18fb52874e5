import { describe, expect, it } from 'vitest';
import { anthropicCountTokensResponse } from './anthropic-messages-count-tokens.js';
import { anthropicModel, anthropicModelList, anthropicModelListSchema } from './anthropic-messages-model-list.js';
import { anthropicCountTokensResponseSchema } from './anthropic-messages-count-tokens-schema.js';

describe('model list', () => {
  it('lists models newest first in the Anthropic page shape', () => {
    const list = anthropicModelList([
      { id: 'old', ownedBy: 'anthropic', created: 1_700_000_000 },
      { id: 'new', ownedBy: 'anthropic', created: 1_750_000_000, displayName: 'New Model' },
    ]);
    expect(anthropicModelListSchema.safeParse(list).success).toBe(true);
    expect(list).toEqual({
      data: [
        { type: 'model', id: 'new', display_name: 'New Model', created_at: '2025-06-15T15:06:40.000Z' },
        { type: 'model', id: 'old', display_name: 'old', created_at: '2023-11-14T22:13:20.000Z' },
      ],
      has_more: false,
      first_id: 'new',
      last_id: 'old',
    });
  });

  it('gives null ids for an empty list and one model alone', () => {
    expect(anthropicModelList([])).toEqual({ data: [], has_more: false, first_id: null, last_id: null });
    expect(anthropicModel({ id: 'm', ownedBy: 'x', created: 0 })).toEqual({
      type: 'model',
      id: 'm',
      display_name: 'm',
      created_at: '1970-01-01T00:00:00.000Z',
    });
  });
});

describe('count tokens answer', () => {
  it('is {input_tokens}', () => {
    expect(anthropicCountTokensResponse(2095)).toEqual({ input_tokens: 2095 });
    expect(anthropicCountTokensResponseSchema.safeParse(anthropicCountTokensResponse(-3)).success).toBe(true);
  });
});
