import { codecFor } from '@interlingua/provider-adapters';
import { upstreamBytes } from '@interlingua/testkit/request-reading';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ANTHROPIC_MESSAGES, GEMINI, OPENAI_CHAT, OPENAI_RESPONSES, REQUEST_STYLES } from '../http/request-styles.js';
import { decodeRequestBody } from './ir-request-for-target.js';

const text = fc.string({ maxLength: 6 });
const callId = fc.constantFrom('call_1', 'call_2');
const tool = fc.record({
  name: fc.constantFrom('read_file', 'run'),
  description: text,
  parameters: fc.constant({ type: 'object', properties: { path: { type: 'string' } }, required: ['path'] }),
});

/** Bodies of the shape agents send, in each style with a fast reader: text turns, tool calls and their results, tools. */
const agentBodies = {
  [OPENAI_CHAT]: fc.record({
    model: fc.constant('m'),
    stream: fc.boolean(),
    temperature: fc.double({ min: 0, max: 2, noNaN: true }),
    tools: fc.array(
      tool.map((fn) => ({ type: 'function', function: fn })),
      { maxLength: 2 },
    ),
    messages: fc.array(
      fc.oneof(
        fc.record({ role: fc.constantFrom('system', 'user'), content: text }),
        fc.record({
          role: fc.constant('assistant'),
          content: fc.constant(null),
          tool_calls: fc.array(
            fc.record({
              id: callId,
              type: fc.constant('function'),
              function: fc.record({ name: fc.constant('run'), arguments: fc.constant('{"path":"a"}') }),
            }),
            { minLength: 1, maxLength: 2 },
          ),
        }),
        fc.record({ role: fc.constant('tool'), content: text, tool_call_id: callId }),
      ),
      { minLength: 1, maxLength: 4 },
    ),
  }),
  [OPENAI_RESPONSES]: fc.record({
    model: fc.constant('m'),
    stream: fc.boolean(),
    tools: fc.array(
      tool.map((fn) => ({ type: 'function', ...fn })),
      { maxLength: 2 },
    ),
    input: fc.array(
      fc.oneof(
        fc.record({ role: fc.constantFrom('user', 'assistant'), content: text }),
        fc.record({ type: fc.constant('function_call'), call_id: callId, name: fc.constant('run'), arguments: text }),
        fc.record({ type: fc.constant('function_call_output'), call_id: callId, output: text }),
      ),
      { maxLength: 4 },
    ),
  }),
  [ANTHROPIC_MESSAGES]: fc.record({
    model: fc.constant('m'),
    max_tokens: fc.integer({ min: 1, max: 4096 }),
    system: text,
    tools: fc.array(
      tool.map(({ parameters, ...rest }) => ({ ...rest, input_schema: parameters })),
      { maxLength: 2 },
    ),
    messages: fc.array(
      fc.oneof(
        fc.record({ role: fc.constantFrom('user', 'assistant'), content: text }),
        fc.record({
          role: fc.constant('assistant'),
          content: fc.tuple(callId).map(([id]) => [{ type: 'tool_use', id, name: 'run', input: { path: 'a' } }]),
        }),
        fc.record({
          role: fc.constant('user'),
          content: fc
            .tuple(callId, text)
            .map(([id, output]) => [{ type: 'tool_result', tool_use_id: id, content: output }]),
        }),
      ),
      { maxLength: 4 },
    ),
  }),
};

describe('decodeRequestBody', () => {
  const upstreams = REQUEST_STYLES.map((style) => codecFor(style));

  it.each(Object.keys(agentBodies) as Array<keyof typeof agentBodies>)(
    'reads %s agent turns through the fast reader, giving every upstream the bytes of the schema’s reading',
    (style) => {
      const codec = codecFor(style);
      fc.assert(
        fc.property(agentBodies[style], (body: Record<string, unknown>) => {
          expect(codec.request.readPlain?.(body), JSON.stringify(body)).toBeDefined();
          const read = decodeRequestBody(codec, body).value;
          const bySchema = codec.request.toIr(body).value;
          expect(read).toEqual(bySchema);
          expect(upstreamBytes(read, upstreams)).toEqual(upstreamBytes(bySchema, upstreams));
        }),
        { numRuns: 100 },
      );
    },
  );

  it('reads a body of another shape, or of a style without a fast reader, through the schema', () => {
    const media = {
      model: 'm',
      messages: [{ role: 'user', content: [{ type: 'image_url', image_url: { url: 'x' } }] }],
    };
    expect(codecFor(OPENAI_CHAT).request.readPlain?.(media)).toBeUndefined();
    expect(decodeRequestBody(codecFor(OPENAI_CHAT), media)).toEqual(codecFor(OPENAI_CHAT).request.toIr(media));
    const gemini = { contents: [{ role: 'user', parts: [{ text: 'Hi' }] }] };
    expect(decodeRequestBody(codecFor(GEMINI), gemini)).toEqual(codecFor(GEMINI).request.toIr(gemini));
  });
});
