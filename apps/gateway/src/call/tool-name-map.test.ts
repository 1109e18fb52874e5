import type { IrRequest, IrResponse } from '@interlingua/ir';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { portableToolName, toolNameMapFor } from './tool-name-map.js';

const LONG = `mcp__filesystem_server__${'read_a_very_long_named_file_'.repeat(3)}`;
const DOTTED = 'files.read:v1';

function request(names: string[]): IrRequest {
  return {
    model: 'm',
    stream: false,
    sampling: {},
    tools: names.map((name) => ({ name, parameters: { type: 'object' } })),
    toolChoice: { type: 'tool', name: names[0] ?? 'x' },
    messages: [
      { role: 'user', content: [{ type: 'text', text: 'go' }] },
      {
        role: 'assistant',
        content: names.map((name, i) => ({ type: 'tool-call' as const, id: `c${i}`, name, argumentsJson: '{}' })),
      },
      {
        role: 'tool',
        content: names.map((name, i) => ({
          type: 'tool-result' as const,
          toolCallId: `c${i}`,
          toolName: name,
          content: [{ type: 'text' as const, text: 'ok' }],
        })),
      },
    ],
  };
}

describe('portableToolName', () => {
  it('keeps portable names and maps others into ^[a-zA-Z_][a-zA-Z0-9_-]{0,63}$, distinctly', () => {
    expect(portableToolName('get_weather')).toBe('get_weather');
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 200 }), fc.string({ minLength: 1, maxLength: 200 }), (a, b) => {
        expect(portableToolName(a)).toMatch(/^[a-zA-Z_][a-zA-Z0-9_-]{0,63}$/);
        expect(portableToolName(a)).toBe(portableToolName(a));
        if (a !== b && portableToolName(a) !== a && portableToolName(b) !== b)
          expect(portableToolName(a)).not.toBe(portableToolName(b));
      }),
      { numRuns: 200 },
    );
  });
});

describe('toolNameMapFor', () => {
  it('is undefined when every name is portable', () => {
    expect(toolNameMapFor(request(['get_weather', 'a-b']))).toBeUndefined();
  });

  it('renames tools, tool choice, history calls and results, and maps answers back', () => {
    const map = toolNameMapFor(request([LONG, DOTTED, 'plain']));
    if (!map) throw new Error('expected a map');
    const short = map.shorten(request([LONG, DOTTED, 'plain']));
    const longShort = portableToolName(LONG);
    const dottedShort = portableToolName(DOTTED);
    expect(longShort.length).toBe(64);
    expect(dottedShort).toMatch(/^files_read_v1_[0-9a-f]{8}$/);
    expect(short.tools?.map((tool) => tool.name)).toEqual([longShort, dottedShort, 'plain']);
    expect(short.toolChoice).toEqual({ type: 'tool', name: longShort });
    expect(short.messages[1]?.content.map((part) => (part.type === 'tool-call' ? part.name : ''))).toEqual([
      longShort,
      dottedShort,
      'plain',
    ]);
    expect(short.messages[2]?.content.map((part) => (part.type === 'tool-result' ? part.toolName : ''))).toEqual([
      longShort,
      dottedShort,
      'plain',
    ]);
    expect(map.warnings.map((w) => [w.kind, w.field])).toEqual([
      ['approximated', 'tools.name'],
      ['approximated', 'tools.name'],
    ]);

    const answer: IrResponse = {
      id: 'r',
      model: 'm',
      created: 0,
      choices: [
        {
          index: 0,
          finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
          content: [
            { type: 'text', text: 'x' },
            { type: 'tool-call', id: 'c', name: dottedShort, argumentsJson: '{}' },
          ],
        },
      ],
    };
    expect(map.restoreResponse(answer).choices[0]?.content[1]).toMatchObject({ name: DOTTED });
    expect(
      map.restoreEvents([
        { type: 'tool-call-start', index: 0, id: 'c', name: longShort },
        { type: 'tool-call-delta', index: 0, argumentsDelta: '{}' },
      ]),
    ).toEqual([
      { type: 'tool-call-start', index: 0, id: 'c', name: LONG },
      { type: 'tool-call-delta', index: 0, argumentsDelta: '{}' },
    ]);
    expect(map.restoreEvents([{ type: 'tool-call-start', index: 0, id: 'c', name: 'unknown_tool' }])[0]).toMatchObject({
      name: 'unknown_tool',
    });
  });
});
