import { describe, expect, it } from 'vitest';
import { renderCompatibilityMarkdown, renderMcpLoopSection } from '../../../../scripts/compatibility-matrix.mjs';

type Results = Parameters<typeof renderMcpLoopSection>[0];

const results: Results = {
  callers: [
    { id: 'openai-responses', title: 'Responses', judge: 'openai 1.0.0' },
    { id: 'anthropic-messages', title: 'Messages', judge: 'sdk 2.0.0' },
  ],
  upstreams: [{ id: 'gemini', title: 'Gemini' }],
  cells: [
    { caller: 'openai-responses', upstream: 'gemini', mode: 'whole', status: 'pass' },
    { caller: 'openai-responses', upstream: 'gemini', mode: 'stream', status: 'fail', problem: 'no | mcp_call' },
    { caller: 'anthropic-messages', upstream: 'gemini', mode: 'whole', status: 'pass' },
  ],
};

describe('the table "MCP tools inside model requests"', () => {
  const section = renderMcpLoopSection(results).join('\n');

  it('has a whole and a streamed column per upstream, a row per caller, failures as numbered notes', () => {
    expect(section).toContain('| Caller | Gemini whole | Gemini streamed |');
    expect(section).toContain('| Responses | ✅ | ❌ [1] |');
    expect(section).toContain('1. **Responses, Gemini streamed:** no \\| mcp_call');
  });

  it('shows a cell that did not run as not applicable, and names the judges', () => {
    expect(section).toContain('| Messages | ✅ | — |');
    expect(section).toContain('Judged by openai 1.0.0 and sdk 2.0.0.');
  });

  it('is absent before the first run, and placed on the page when results exist', () => {
    expect(renderMcpLoopSection(undefined)).toEqual([]);
    const page = renderCompatibilityMarkdown(
      { styles: [], upstreams: [], features: [], cells: [] },
      [],
      undefined,
      results,
    );
    expect(page).toContain('## MCP tools inside model requests');
  });
});
