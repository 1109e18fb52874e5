import type { IrRequest } from '@interlingua/ir';
import { codecFor, openAiAdapter, type GenerationStyle, type ProviderSettings } from '@interlingua/provider-adapters';
import { describe, expect, it } from 'vitest';
import type { RouteTarget } from '../context/route-target.js';
import { irRequestForTarget } from '../call/ir-request-for-target.js';
import { responseCacheKey } from './response-cache-key.js';
import { CallOutcome } from '../context/call-outcome.js';

const settings: ProviderSettings = {
  id: 'openai',
  type: 'openai',
  baseUrl: 'http://127.0.0.1:1',
  headers: {},
  forwardHeaders: [],
  api: 'chat',
  options: {},
};
const target: RouteTarget = { adapter: openAiAdapter, settings, upstreamModel: 'gpt-x', weight: 1, priority: 0 };

/** The caller's body in IR, as the gateway decodes it. */
function decoded(wire: GenerationStyle, json: Record<string, unknown>, overrides: Partial<IrRequest> = {}): IrRequest {
  const request = {
    inbound: { wire, codec: codecFor(wire) },
    json,
    route: { routeName: 'r', targets: [target] },
    irOverrides: overrides,
  };
  return irRequestForTarget(request, { outcome: new CallOutcome() });
}

const chat = (fields: Record<string, unknown> = {}) =>
  decoded('openai-chat', {
    model: 'm',
    max_tokens: 50,
    temperature: 0,
    messages: [
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'Say hi' },
    ],
    ...fields,
  });

const keyOf = (ir: IrRequest, owner = 'key_a', to: RouteTarget = target) => responseCacheKey(owner, to, ir);

describe('responseCacheKey', () => {
  it('is one key for one prompt in the four styles, streamed or not', () => {
    const forms = [
      chat(),
      chat({ stream: true, stream_options: { include_usage: true } }),
      decoded('openai-responses', {
        model: 'm',
        max_output_tokens: 50,
        temperature: 0,
        store: false,
        instructions: 'Be brief.',
        input: 'Say hi',
      }),
      decoded('anthropic-messages', {
        model: 'm',
        max_tokens: 50,
        temperature: 0,
        system: 'Be brief.',
        messages: [{ role: 'user', content: 'Say hi' }],
        stream: true,
      }),
      decoded(
        'gemini',
        {
          systemInstruction: { parts: [{ text: 'Be brief.' }] },
          generationConfig: { maxOutputTokens: 50, temperature: 0 },
          contents: [{ role: 'user', parts: [{ text: 'Say hi' }] }],
        },
        { model: 'm', stream: false },
      ),
    ];
    expect(new Set(forms.map((ir) => keyOf(ir))).size).toBe(1);
  });

  it('leaves out the end-user id, metadata and prompt-cache hints, which cannot change the answer', () => {
    expect(keyOf(chat({ user: 'u-1', metadata: { a: 'b' }, prompt_cache_key: 'k' }))).toBe(keyOf(chat()));
  });

  const changes: Array<[string, Record<string, unknown>]> = [
    ['another prompt', { messages: [{ role: 'user', content: 'Say bye' }] }],
    [
      'another system prompt',
      {
        messages: [
          { role: 'system', content: 'Be long.' },
          { role: 'user', content: 'Say hi' },
        ],
      },
    ],
    ['temperature', { temperature: 0.5 }],
    ['top_p', { top_p: 0.5 }],
    ['seed', { seed: 7 }],
    ['max tokens', { max_tokens: 51 }],
    ['stop', { stop: ['\n'] }],
    ['response format', { response_format: { type: 'json_object' } }],
    ['tools', { tools: [{ type: 'function', function: { name: 'look', parameters: { type: 'object' } } }] }],
    [
      'tool choice',
      {
        tools: [{ type: 'function', function: { name: 'look', parameters: { type: 'object' } } }],
        tool_choice: 'required',
      },
    ],
    ['reasoning', { reasoning_effort: 'high' }],
    ['presence penalty', { presence_penalty: 1 }],
    ['logit bias', { logit_bias: { '50256': -100 } }],
  ];

  it.each(changes)('changes with %s', (_name, fields) => {
    expect(keyOf(chat(fields))).not.toBe(keyOf(chat()));
  });

  it('changes with the owner and with the target (provider, upstream model)', () => {
    const base = keyOf(chat());
    expect(keyOf(chat(), 'key_b')).not.toBe(base);
    expect(keyOf(chat(), 'key_a', { ...target, upstreamModel: 'gpt-y' })).not.toBe(base);
    expect(keyOf(chat(), 'key_a', { ...target, settings: { ...settings, id: 'backup' } })).not.toBe(base);
  });
});
