import type { IrMessage, IrRequest } from '@interlingua/ir';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  hasCacheBreakpoints,
  MAX_CACHE_BREAKPOINTS,
  promptCacheWarnings,
  withAutoCacheBreakpoints,
} from './prompt-cache.js';

const text = (role: IrMessage['role'], value: string): IrMessage => ({
  role,
  content: [{ type: 'text', text: value }],
});

function request(messages: IrMessage[], withTools = true): IrRequest {
  return {
    model: 'm',
    messages,
    sampling: {},
    stream: false,
    ...(withTools ? { tools: [{ name: 'a' }, { name: 'b' }] } : {}),
  };
}

/** Where the breakpoints are: `tool:<i>` or `<message>:<part>`. */
function marks(ir: IrRequest): string[] {
  const found = (ir.tools ?? []).flatMap((tool, i) => (tool.cacheControl ? [`tool:${i}`] : []));
  ir.messages.forEach((message, m) =>
    message.content.forEach((part, p) =>
      'cacheControl' in part && part.cacheControl ? found.push(`${m}:${p}`) : undefined,
    ),
  );
  return found;
}

describe('withAutoCacheBreakpoints', () => {
  it('marks the last tool, the end of the system prompt, the previous user turn and the last turn', () => {
    const ir = request([
      text('system', 'rules'),
      {
        role: 'system',
        content: [
          { type: 'text', text: 'more rules' },
          { type: 'text', text: '' },
        ],
      },
      text('user', 'q1'),
      text('assistant', 'a1'),
      text('user', 'q2'),
      text('assistant', 'a2'),
      text('user', 'q3'),
    ]);
    expect(marks(withAutoCacheBreakpoints(ir))).toEqual(['tool:1', '1:0', '4:0', '6:0']);
    expect(marks(ir), 'the input is not changed').toEqual([]);
  });

  it('marks tool results (the last turn of an agent loop) and keeps the ttl', () => {
    const ir = request([
      text('user', 'go'),
      { role: 'assistant', content: [{ type: 'tool-call', id: 'c1', name: 'a', argumentsJson: '{}' }] },
      {
        role: 'tool',
        content: [{ type: 'tool-result', toolCallId: 'c1', toolName: 'a', content: [{ type: 'text', text: 'done' }] }],
      },
    ]);
    const out = withAutoCacheBreakpoints(ir, '1h');
    expect(marks(out)).toEqual(['tool:1', '0:0', '2:0']);
    expect(out.messages[2]!.content[0]).toMatchObject({ cacheControl: { type: 'ephemeral', ttl: '1h' } });
  });

  it('leaves a request with the caller’s own breakpoints alone', () => {
    const ir = request([{ role: 'user', content: [{ type: 'text', text: 'q', cacheControl: { type: 'ephemeral' } }] }]);
    expect(withAutoCacheBreakpoints(ir)).toBe(ir);
  });

  it('never places more than four breakpoints, and marks every request with tools or a non-empty prompt turn', () => {
    const role = fc.constantFrom<IrMessage['role']>('system', 'user', 'assistant', 'tool', 'developer');
    const message = fc.tuple(role, fc.string({ maxLength: 3 })).map(([r, t]) => text(r, t));
    fc.assert(
      fc.property(fc.array(message, { maxLength: 12 }), fc.boolean(), (messages, withTools) => {
        const out = withAutoCacheBreakpoints(request(messages, withTools));
        expect(marks(out).length).toBeLessThanOrEqual(MAX_CACHE_BREAKPOINTS);
        const cacheable =
          withTools ||
          messages.some((m) => m.role !== 'assistant' && m.content.some((p) => p.type === 'text' && p.text !== ''));
        expect(hasCacheBreakpoints(out)).toBe(cacheable);
      }),
      { numRuns: 200 },
    );
  });
});

describe('promptCacheWarnings', () => {
  it('names each setting the target cannot send, and nothing it can', () => {
    const cache = { key: 'k', retention: '24h', cachedContent: 'cachedContents/x' };
    expect(promptCacheWarnings(cache, { target: 'T' }).map((w) => w.field)).toEqual([
      'prompt_cache_key',
      'prompt_cache_retention',
      'cachedContent',
    ]);
    expect(promptCacheWarnings(cache, { target: 'T', key: true, retention: true, cachedContent: true })).toEqual([]);
    expect(promptCacheWarnings(undefined, { target: 'T' })).toEqual([]);
  });
});
