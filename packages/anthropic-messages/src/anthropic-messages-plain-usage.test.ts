import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { streamUsageOf } from './anthropic-messages-plain-usage.js';
import { anthropicUsageLenientSchema } from './anthropic-messages-response-schema.js';
import { anthropicUsageToIr } from './anthropic-messages-usage-to-ir.js';
import { irUsageToAnthropic } from './ir-to-anthropic-messages-usage.js';

function bySchema(value: unknown) {
  const parsed = anthropicUsageLenientSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

/** Reads a usage both ways: the same fields, the same IR usage, the same usage sent to a caller. */
function expectSameReading(value: unknown): void {
  const fast = streamUsageOf(value);
  const general = bySchema(value);
  expect(fast).toStrictEqual(general);
  if (!fast || !general) return;
  expect(anthropicUsageToIr(fast)).toStrictEqual(anthropicUsageToIr(general));
  expect(JSON.stringify(irUsageToAnthropic(anthropicUsageToIr(fast)))).toBe(
    JSON.stringify(irUsageToAnthropic(anthropicUsageToIr(general))),
  );
}

const counter = fc.oneof(fc.nat(), fc.constant(null), fc.double(), fc.constant(-1), fc.string(), fc.constant(true));
const detail = fc.oneof(
  fc.constant(undefined),
  fc.constant(null),
  fc.record(
    {
      thinking_tokens: counter,
      web_search_requests: counter,
      ephemeral_5m_input_tokens: counter,
      ephemeral_1h_input_tokens: counter,
    },
    { requiredKeys: [] },
  ),
  fc.array(fc.nat(), { maxLength: 2 }),
  fc.jsonValue({ maxDepth: 1 }),
);
const usage = fc.record(
  {
    input_tokens: counter,
    output_tokens: counter,
    cache_creation_input_tokens: counter,
    cache_read_input_tokens: counter,
    output_tokens_details: detail,
    server_tool_use: detail,
    cache_creation: detail,
    service_tier: fc.jsonValue({ maxDepth: 1 }),
  },
  { requiredKeys: [] },
);

describe('stream usage read without the schema', () => {
  it('reads the usage Anthropic sends as the schema does', () => {
    expectSameReading({
      input_tokens: 25,
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 0,
      cache_creation: { ephemeral_5m_input_tokens: 0, ephemeral_1h_input_tokens: 0 },
      output_tokens: 1,
      service_tier: 'standard',
    });
    expectSameReading({ output_tokens: 12 });
    expectSameReading({ input_tokens: null, output_tokens: 3, server_tool_use: { web_search_requests: 2 } });
  });

  it('leaves odd shapes to the schema and agrees with it on any value', () => {
    for (const odd of [null, 3, 'x', [], { input_tokens: -1 }, { output_tokens: '2' }, { cache_creation: [] }])
      expectSameReading(odd);
    expectSameReading(JSON.parse('{"__proto__":{"output_tokens":2},"output_tokens":1}'));
    fc.assert(
      fc.property(fc.oneof(usage, fc.jsonValue({ maxDepth: 3 })), (value) => {
        // JSON has no undefined: drop it as the wire would.
        expectSameReading(JSON.parse(JSON.stringify(value) ?? 'null'));
      }),
      { numRuns: 1000 },
    );
  });
});
