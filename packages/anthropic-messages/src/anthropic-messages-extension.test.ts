import type { IrExtensions } from '@interlingua/ir';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readRequestExtension, readResponseExtension } from './anthropic-messages-extension.js';
import { anthropicMessagesResponseSchema } from './anthropic-messages-lenient-response-schema.js';
import { anthropicMessagesResponseToIr } from './anthropic-messages-response-to-ir.js';

/** Extensions holding `value` under the style's key (malformed on purpose in some tests). */
const at = (value: unknown) => ({ 'anthropic-messages': value }) as IrExtensions;

describe('reading the extensions back', () => {
  it('keeps each well-formed field and reads each malformed one as absent', () => {
    const extension = readRequestExtension(
      at({
        fields: { service_tier: 'auto' },
        blocks: [{ part: 0, block: { type: 'x' } }, { part: 'one' }],
        tools: [{ index: 1, tool: { type: 'bash_20250124', name: 'bash' } }],
        thinking: 'on',
        outputEffort: 'high',
        outputConfig: [],
        legacyOutputFormat: true,
        metadata: { tag: 'a' },
        unknown: 1,
      }),
    );
    const { fields, blocks, tools, thinking, outputEffort, outputConfig, legacyOutputFormat, metadata } = extension;
    expect({ fields, blocks, tools, thinking, outputEffort, outputConfig, legacyOutputFormat, metadata }).toStrictEqual(
      {
        fields: { service_tier: 'auto' },
        blocks: undefined,
        tools: [{ index: 1, tool: { type: 'bash_20250124', name: 'bash' } }],
        thinking: undefined,
        outputEffort: 'high',
        outputConfig: undefined,
        legacyOutputFormat: true,
        metadata: { tag: 'a' },
      },
    );
    expect(
      readResponseExtension(at({ stopSequence: 5, blocks: [{ part: 2, kind: 'text', extra: { a: 1 } }] })),
    ).toEqual({
      blocks: [{ part: 2, kind: 'text', extra: { a: 1 } }],
    });
  });

  it('reads an extension that is no object, or none, as empty', () => {
    for (const value of [undefined, null, 'x', [], 3]) {
      expect(readRequestExtension(at(value))).toEqual({});
      expect(readResponseExtension(at(value))).toEqual({});
    }
    expect(readRequestExtension(undefined)).toEqual({});
    expect(readRequestExtension(at({ thinking: 'on' })).thinking).toBeUndefined();
  });
});

describe('reading an answer leniently', () => {
  it('reads a message as the lenient response schema does', () => {
    const field = fc.oneof(fc.constant(undefined), fc.constant(null), fc.string(), fc.integer(), fc.boolean());
    fc.assert(
      fc.property(
        fc.record(
          {
            id: field,
            type: fc.oneof(fc.constant('message'), fc.constant(undefined), fc.integer()),
            role: fc.oneof(fc.constant('assistant'), fc.constant(undefined)),
            model: field,
            content: fc.oneof(
              fc.constant([{ type: 'text', text: 'Hi', extra: 1 }]),
              fc.constant([]),
              fc.constant([{ text: 'no type' }]),
              fc.constant('text'),
            ),
            stop_reason: field,
            stop_sequence: field,
            usage: fc.oneof(
              field,
              fc.constant({ input_tokens: 3, output_tokens: 2 }),
              fc.constant({ input_tokens: -1 }),
            ),
            service_tier: field,
          },
          { requiredKeys: [] },
        ),
        (body) => {
          const parsed = anthropicMessagesResponseSchema.safeParse(body);
          if (!parsed.success) {
            expect(() => anthropicMessagesResponseToIr(body)).toThrow();
            return;
          }
          const { value } = anthropicMessagesResponseToIr(body);
          const lenient = parsed.data;
          expect(value.id).toBe(lenient.id);
          expect(value.model).toBe(lenient.model);
          expect(value.choices[0]?.finishReason.raw).toBe(lenient.stop_reason ?? null);
          expect(value.usage?.outputTokens).toBe(lenient.usage ? (lenient.usage.output_tokens ?? 0) : undefined);
          const extension = value.extensions?.['anthropic-messages'] as Record<string, unknown> | undefined;
          expect(extension?.stopSequence).toBe(lenient.stop_sequence ?? undefined);
          expect(value.choices[0]?.content).toEqual(
            lenient.content.map((block) => ({ type: 'text', text: (block as { text?: string }).text ?? '' })),
          );
        },
      ),
      { numRuns: 300 },
    );
  });
});
