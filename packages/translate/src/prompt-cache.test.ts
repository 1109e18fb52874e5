import type { IrResponse, IrUsage } from '@interlingua/ir';
import { checkUsageInvariants, usageFrom } from '@interlingua/ir';
import { parseSseText, responseToStreamEvents, serializeSseMessages } from '@interlingua/ir-utils';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createStreamTranslator, translateRequest, translateResponse } from './translate.js';
import { GENERATION_STYLES, styleCodec, type GenerationStyle } from './translation-styles.js';

const pairs = GENERATION_STYLES.flatMap((from) => GENERATION_STYLES.map((to) => [from, to] as const));
const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
const fieldsOf = (warnings: Array<{ field: string }>) => warnings.map((warning) => warning.field);

/** Styles that can say how many tokens were written to the cache (Gemini reports reads only). */
const REPORTS_WRITES: ReadonlySet<GenerationStyle> = new Set(['openai-chat', 'openai-responses', 'anthropic-messages']);

describe('request-level cache settings', () => {
  const openAiCaller = {
    model: 'm',
    messages: [{ role: 'user', content: 'Hi' }],
    prompt_cache_key: 'tenant-7',
    prompt_cache_retention: '24h',
  };
  const responsesCaller = { model: 'm', input: 'Hi', prompt_cache_key: 'tenant-7', prompt_cache_retention: '24h' };

  it.each([
    ['openai-chat', openAiCaller],
    ['openai-responses', responsesCaller],
  ] as const)('%s prompt_cache_key and retention reach both OpenAI styles unchanged', (from, body) => {
    for (const to of ['openai-chat', 'openai-responses'] as const) {
      const { value, warnings } = translateRequest(body, from, to);
      expect(record(value)).toMatchObject({ prompt_cache_key: 'tenant-7', prompt_cache_retention: '24h' });
      expect(fieldsOf(warnings)).not.toContain('prompt_cache_key');
    }
  });

  it.each([
    ['openai-chat', openAiCaller],
    ['openai-responses', responsesCaller],
  ] as const)('%s prompt_cache_key sent to Anthropic or Gemini is named in a warning', (from, body) => {
    for (const to of ['anthropic-messages', 'gemini'] as const) {
      const { value, warnings } = translateRequest(body, from, to, { model: 'm' });
      expect(JSON.stringify(value)).not.toContain('tenant-7');
      expect(fieldsOf(warnings)).toEqual(expect.arrayContaining(['prompt_cache_key', 'prompt_cache_retention']));
    }
  });

  const geminiCaller = { contents: [{ role: 'user', parts: [{ text: 'Hi' }] }], cachedContent: 'cachedContents/abc' };

  it('a Gemini cachedContent reference reaches a Gemini target and is warned about elsewhere', () => {
    expect(record(translateRequest(geminiCaller, 'gemini', 'gemini', { model: 'm' }).value).cachedContent).toBe(
      'cachedContents/abc',
    );
    for (const to of ['openai-chat', 'openai-responses', 'anthropic-messages'] as const) {
      const { value, warnings } = translateRequest(geminiCaller, 'gemini', to, { model: 'm' });
      expect(JSON.stringify(value)).not.toContain('cachedContents/abc');
      expect(warnings.find((warning) => warning.field === 'cachedContent')?.message).toContain('cachedContents/abc');
    }
  });

  const anthropicCaller = {
    model: 'm',
    max_tokens: 100,
    system: [{ type: 'text', text: 'Long rules', cache_control: { type: 'ephemeral', ttl: '1h' } }],
    tools: [{ name: 'look', input_schema: { type: 'object' }, cache_control: { type: 'ephemeral' } }],
    messages: [{ role: 'user', content: [{ type: 'text', text: 'Question', cache_control: { type: 'ephemeral' } }] }],
  };

  it('Anthropic cache_control on system, tools and messages (with ttl) survives an Anthropic round trip', () => {
    const { value, warnings } = translateRequest(anthropicCaller, 'anthropic-messages', 'anthropic-messages');
    expect(record(value).system).toEqual(anthropicCaller.system);
    expect((record(value).tools as Array<Record<string, unknown>>)[0]?.cache_control).toEqual({ type: 'ephemeral' });
    expect(JSON.stringify(record(value).messages)).toContain('"cache_control":{"type":"ephemeral"}');
    expect(warnings).toEqual([]);
  });

  it.each(['openai-chat', 'openai-responses', 'gemini'] as const)(
    'Anthropic breakpoints sent to %s are named in a warning',
    (to) => {
      const { value, warnings } = translateRequest(anthropicCaller, 'anthropic-messages', to);
      expect(JSON.stringify(value)).not.toContain('cache_control');
      expect(fieldsOf(warnings).some((field) => field.includes('cacheControl'))).toBe(true);
    },
  );
});

function answerWith(usage: IrUsage): IrResponse {
  return {
    id: 'r1',
    model: 'm',
    created: 1_700_000_000,
    choices: [{ index: 0, content: [{ type: 'text', text: 'Hi' }], finishReason: { unified: 'stop', raw: null } }],
    usage,
  };
}

/** Usage with cache reads and writes that every style can state (writes only where `from` reports them). */
const usageArbitrary = (from: GenerationStyle) =>
  fc
    .record({ plain: fc.nat(5000), read: fc.nat(5000), write: fc.nat(5000), output: fc.nat(2000) })
    .map(({ plain, read, write, output }) =>
      usageFrom({
        inputTokens: plain + read + (REPORTS_WRITES.has(from) ? write : 0),
        outputTokens: output,
        cacheReadTokens: read,
        ...(REPORTS_WRITES.has(from) ? { cacheWriteTokens: write } : {}),
      }),
    );

function expectSameCacheAccounting(sent: IrUsage, got: IrUsage | undefined, to: GenerationStyle): void {
  expect(got).toBeDefined();
  expect(checkUsageInvariants(got!)).toEqual([]);
  expect(got!.inputTokens).toBe(sent.inputTokens);
  expect(got!.totalTokens).toBe(sent.totalTokens);
  expect(got!.cacheReadTokens ?? 0).toBe(sent.cacheReadTokens ?? 0);
  if (REPORTS_WRITES.has(to)) expect(got!.cacheWriteTokens ?? 0).toBe(sent.cacheWriteTokens ?? 0);
}

describe.each(pairs)('cache usage from %s reaches a %s caller', (from, to) => {
  it('whole answers keep reads, writes and the input total', () => {
    fc.assert(
      fc.property(usageArbitrary(from), (usage) => {
        const upstream = styleCodec(from).response.fromIr(answerWith(usage)).value;
        const { value } = translateResponse(upstream, from, to);
        expectSameCacheAccounting(usage, styleCodec(to).response.toIr(value as never).value.usage, to);
      }),
      { numRuns: 40 },
    );
  });

  it('streamed answers keep reads, writes and the input total', () => {
    fc.assert(
      fc.property(usageArbitrary(from), (usage) => {
        const encoder = styleCodec(from).stream.createEncoder({ includeUsage: true });
        const upstream = serializeSseMessages([
          ...responseToStreamEvents(answerWith(usage)).flatMap((event) => encoder.push(event)),
          ...encoder.end(),
        ]);
        const translator = createStreamTranslator(from, to, { includeUsage: true });
        const text = translator.push(upstream).join('') + translator.end().join('');
        const decoder = styleCodec(to).stream.createDecoder();
        const events = [...parseSseText(text).flatMap((message) => decoder.push(message)), ...decoder.end()];
        const got = events.flatMap((event) => (event.type === 'usage-update' ? [event.usage] : [])).at(-1);
        expectSameCacheAccounting(usage, got, to);
      }),
      { numRuns: 20 },
    );
  });
});

describe('one-hour cache writes', () => {
  it('an Anthropic cache_creation split is read into the IR and written back the same', () => {
    const usage = usageFrom({
      inputTokens: 1300,
      outputTokens: 5,
      cacheReadTokens: 200,
      cacheWriteTokens: 1000,
      cacheWrite1hTokens: 600,
    });
    const wire = record(styleCodec('anthropic-messages').response.fromIr(answerWith(usage)).value);
    expect(wire.usage).toMatchObject({
      input_tokens: 100,
      cache_read_input_tokens: 200,
      cache_creation_input_tokens: 1000,
      cache_creation: { ephemeral_5m_input_tokens: 400, ephemeral_1h_input_tokens: 600 },
    });
    const back = styleCodec('anthropic-messages').response.toIr(wire as never).value.usage;
    expect(back).toMatchObject({
      inputTokens: 1300,
      cacheReadTokens: 200,
      cacheWriteTokens: 1000,
      cacheWrite1hTokens: 600,
    });
  });
});

describe('Anthropic request-level cache_control', () => {
  const body = {
    model: 'm',
    max_tokens: 100,
    cache_control: { type: 'ephemeral', ttl: '1h' },
    messages: [{ role: 'user', content: 'Long document' }],
  };

  it('survives an Anthropic round trip', () => {
    const { value, warnings } = translateRequest(body, 'anthropic-messages', 'anthropic-messages');
    expect(record(value).cache_control).toEqual({ type: 'ephemeral', ttl: '1h' });
    expect(warnings).toEqual([]);
  });

  it('is named in a warning for an upstream that caches by itself', () => {
    const { value, warnings } = translateRequest(body, 'anthropic-messages', 'openai-chat');
    expect(JSON.stringify(value)).not.toContain('cache_control');
    expect(fieldsOf(warnings)).toContain('cache_control');
  });
});
