import { anthropicMessagesRequestToIr } from '@interlingua/anthropic-messages';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { plainAnthropicRequestToIr } from './plain-anthropic-request.js';

const schemaIr = (body: Record<string, unknown>) => anthropicMessagesRequestToIr(body).value;

const plainBodies: Array<Record<string, unknown>> = [
  { model: 'claude-sonnet-4-5', max_tokens: 1024, messages: [{ role: 'user', content: 'Hello' }] },
  {
    model: 'm',
    max_tokens: 0,
    system: 'Be brief.',
    stream: true,
    messages: [
      { role: 'user', content: 'Hi' },
      { role: 'assistant', content: 'Hello!' },
      { role: 'user', content: '' },
    ],
  },
  { model: 'm', max_tokens: 64, temperature: 0.2, top_p: 1, top_k: 40, stop_sequences: ['END', ''], messages: [] },
];

describe('plainAnthropicRequestToIr', () => {
  it.each(plainBodies.map((body) => [JSON.stringify(body).slice(0, 60), body] as const))(
    'reads a plain body as the request schema does: %s',
    (_name, body) => {
      expect(plainAnthropicRequestToIr(body)).toEqual(schemaIr(body));
    },
  );

  it('leaves every other shape to the request schema', () => {
    const base = { model: 'm', max_tokens: 8, messages: [{ role: 'user', content: 'Hi' }] };
    const others: Array<Record<string, unknown>> = [
      { ...base, messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }] },
      { ...base, messages: [{ role: 'user', content: 'Hi', cache_control: { type: 'ephemeral' } }] },
      { ...base, messages: [{ role: 'system', content: 'Hi' }] },
      { ...base, system: [{ type: 'text', text: 'Be brief.' }] },
      { ...base, tools: [] },
      { ...base, metadata: { user_id: 'u' } },
      { ...base, service_tier: 'auto' },
      { ...base, model: '' },
      { ...base, max_tokens: 1.5 },
      { ...base, max_tokens: -1 },
      { ...base, stream: 'yes' },
      { ...base, top_k: 2.5 },
      { ...base, top_k: -1 },
      { ...base, temperature: 1.5 },
      { ...base, top_p: -0.1 },
      { ...base, model: 'm'.repeat(257) },
      { ...base, stop_sequences: [1] },
      { model: 'm', messages: [] },
    ];
    for (const body of others) expect(plainAnthropicRequestToIr(body), JSON.stringify(body)).toBeUndefined();
  });

  it('never accepts what the schema refuses, and reads what it accepts as the schema does', () => {
    const anything = fc.oneof(
      fc.string({ maxLength: 4 }),
      fc.integer({ min: -2, max: 3 }),
      fc.double({ noNaN: true }),
      fc.boolean(),
      fc.constant(null),
      fc.array(fc.string({ maxLength: 3 }), { maxLength: 2 }),
    );
    const turn = fc.oneof(
      fc.record({
        role: fc.constantFrom('user', 'assistant', 'system', 'robot'),
        content: fc.oneof(fc.string({ maxLength: 5 }), fc.constant([{ type: 'text', text: 'x' }])),
      }),
      fc.dictionary(fc.constantFrom('role', 'content', 'extra'), anything),
    );
    const body = fc.record(
      {
        model: fc.oneof(fc.constantFrom('m', ''), anything),
        max_tokens: fc.oneof(fc.nat(4096), anything),
        messages: fc.oneof(fc.array(turn, { maxLength: 3 }), anything),
        system: anything,
        stream: anything,
        temperature: anything,
        top_p: anything,
        top_k: anything,
        stop_sequences: anything,
        metadata: anything,
      },
      { requiredKeys: [] },
    );
    const plainTurn = fc.record({ role: fc.constantFrom('user', 'assistant'), content: fc.string({ maxLength: 5 }) });
    const plainBody = fc.record(
      {
        model: fc.constant('m'),
        max_tokens: fc.nat(4096),
        messages: fc.array(plainTurn, { maxLength: 3 }),
        system: fc.string({ maxLength: 5 }),
        stream: fc.boolean(),
        temperature: fc.double({ noNaN: true, noDefaultInfinity: true }),
        top_k: fc.integer(),
        stop_sequences: fc.array(fc.string({ maxLength: 3 }), { maxLength: 2 }),
      },
      { requiredKeys: ['model', 'max_tokens', 'messages'] },
    );
    // Plain bodies, plain bodies with some fields of any kind over them, and bodies of any kind.
    const candidates = fc.oneof(
      plainBody,
      fc.tuple(plainBody, body).map(([plain, odd]) => ({ ...plain, ...odd })),
      body,
    );
    const read = { byHand: 0, bySchema: 0 };
    fc.assert(
      fc.property(candidates, (candidate) => {
        const plain = plainAnthropicRequestToIr(candidate);
        read[plain ? 'byHand' : 'bySchema']++;
        let schema: ReturnType<typeof schemaIr> | undefined;
        try {
          schema = schemaIr(candidate);
        } catch {
          schema = undefined;
        }
        if (plain) expect(plain).toEqual(schema);
      }),
      { numRuns: 500 },
    );
    // Both branches ran.
    expect(read.byHand).toBeGreaterThan(0);
    expect(read.bySchema).toBeGreaterThan(0);
  });

  it('shares no array with the caller’s body', () => {
    const body = { model: 'm', max_tokens: 8, stop_sequences: ['END'], messages: [{ role: 'user', content: 'Hi' }] };
    const ir = plainAnthropicRequestToIr(body);
    expect(ir?.sampling.stopSequences).toEqual(['END']);
    expect(ir?.sampling.stopSequences).not.toBe(body.stop_sequences);
  });
});
