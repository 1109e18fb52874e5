import { describe, expect, it } from 'vitest';
import { openAiChatModelList, openAiModel } from './openai-chat-model-list.js';

describe('openAiChatModelList', () => {
  it('lists models in OpenAI shape', () => {
    const models = [
      { id: 'gpt-4o-mini', ownedBy: 'system', created: 1721172741, displayName: 'GPT-4o mini', capabilities: ['chat'] },
    ];
    expect(openAiChatModelList(models)).toEqual({
      object: 'list',
      data: [{ id: 'gpt-4o-mini', object: 'model', created: 1721172741, owned_by: 'system' }],
    });
    expect(openAiModel({ id: 'x', ownedBy: 'me', created: 1 })).toEqual({
      id: 'x',
      object: 'model',
      created: 1,
      owned_by: 'me',
    });
  });
});
