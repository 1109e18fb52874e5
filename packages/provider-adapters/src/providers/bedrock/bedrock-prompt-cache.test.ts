import type { IrRequest } from '@interlingua/ir';
import { bedrockConverseUpstreamRequestSchema } from '@interlingua/testkit';
import { describe, expect, it } from 'vitest';
import { createBedrockConverseCodec } from './bedrock-converse-codec.js';

const claude = createBedrockConverseCodec('anthropic.claude-3-7-sonnet-20250219-v1:0');

const request = (promptCache: IrRequest['promptCache']): IrRequest => ({
  model: 'anthropic.claude-3-7-sonnet-20250219-v1:0',
  messages: [
    { role: 'user', content: [{ type: 'text', text: 'Long document' }] },
    { role: 'assistant', content: [{ type: 'text', text: 'Read it.' }] },
  ],
  sampling: {},
  stream: false,
  ...(promptCache ? { promptCache } : {}),
});

describe('Bedrock Converse and request-level cache settings', () => {
  it('an Anthropic request-level breakpoint becomes a cachePoint after the last block', () => {
    const { value, warnings } = claude.request.fromIr(request({ automatic: { type: 'ephemeral', ttl: '1h' } }));
    const body = bedrockConverseUpstreamRequestSchema.parse(value) as { messages: Array<{ content: unknown[] }> };
    expect(body.messages[1]?.content).toEqual([{ text: 'Read it.' }, { cachePoint: { type: 'default', ttl: '1h' } }]);
    expect(body.messages[0]?.content).toEqual([{ text: 'Long document' }]);
    expect(warnings).toEqual([]);
  });

  it('names the OpenAI and Gemini settings it cannot send', () => {
    const { warnings } = claude.request.fromIr(
      request({ key: 'k', retention: '24h', cachedContent: 'cachedContents/x' }),
    );
    expect(warnings.map((warning) => warning.field)).toEqual([
      'prompt_cache_key',
      'prompt_cache_retention',
      'cachedContent',
    ]);
  });
});
