import { describe, expect, it } from 'vitest';
import { endpointOfPath } from './endpoint-of-request.js';

describe('endpointOfPath', () => {
  it.each([
    ['/v1/chat/completions', 'chat'],
    ['/mcp', 'mcp'],
    ['/mcp/', 'mcp'],
    ['/mcp/everything', 'mcp'],
    ['/v1/responses', 'responses'],
    ['/v1/responses/resp_1', 'responses'],
    ['/v1/responses/input_tokens', 'count-tokens'],
    ['/v1/messages', 'messages'],
    ['/v1/messages/count_tokens', 'count-tokens'],
    ['/v1beta/models/gemini-2.5-flash:generateContent', 'gemini'],
    ['/v1beta/models/gemini-2.5-flash:streamGenerateContent', 'gemini'],
    ['/v1beta/models/gemini-2.5-flash:countTokens', 'count-tokens'],
    ['/v1beta/models/text-embedding-004:batchEmbedContents', 'embeddings'],
    ['/v1beta/models', 'models'],
    ['/v1beta/models/gemini-2.5-flash', 'models'],
    ['/v1/models', 'models'],
    ['/v1/models/up/gpt-4o', 'models'],
    ['/v1/embeddings', 'embeddings'],
    ['/v1/rerank', 'rerank'],
    ['/v1/images/generations', 'images'],
    ['/v1/audio/speech', 'audio'],
    // Routing ignores case and one trailing slash: so does the endpoint (and so the key is checked).
    ['/v1/chat/completions/', 'chat'],
    ['/V1/Chat/Completions', 'chat'],
    ['/v1beta/models/Gemini-2.5-Flash:countTokens', 'count-tokens'],
  ])('%s is %s', (path, endpoint) => {
    expect(endpointOfPath(path)).toBe(endpoint);
  });

  it('leaves operational and unknown paths alone', () => {
    expect(endpointOfPath('/health')).toBeUndefined();
    expect(endpointOfPath('/metrics')).toBeUndefined();
    expect(endpointOfPath('/v1/nothing')).toBeUndefined();
  });
});
