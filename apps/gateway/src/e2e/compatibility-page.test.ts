import { describe, expect, it } from 'vitest';
import { clientStyle, renderCompatibilityMarkdown } from '../../../../scripts/compatibility-matrix.mjs';

type Results = Parameters<typeof renderCompatibilityMarkdown>[0];
type Clients = NonNullable<Parameters<typeof renderCompatibilityMarkdown>[1]>;

const results: Results = {
  styles: [
    { id: 'openai-chat', title: 'Chat', endpoint: 'POST /v1/chat/completions' },
    { id: 'openai-responses', title: 'Responses', endpoint: 'POST /v1/responses' },
  ],
  upstreams: [
    { id: 'gemini', title: 'Gemini' },
    { id: 'mock', title: 'mock' },
  ],
  features: [
    { id: 'text', title: 'Text' },
    { id: 'websocket', title: 'WebSocket' },
  ],
  cells: [
    {
      style: 'openai-chat',
      upstream: 'gemini',
      feature: 'text',
      status: 'pass',
      problems: [],
      warnings: ['dropped x'],
    },
    { style: 'openai-chat', upstream: 'mock', feature: 'text', status: 'fail', problems: ['no text'], warnings: [] },
    { style: 'openai-chat', upstream: 'gemini', feature: 'websocket', status: 'n/a', problems: [], warnings: [] },
    { style: 'openai-chat', upstream: 'mock', feature: 'websocket', status: 'n/a', problems: [], warnings: [] },
    { style: 'openai-responses', upstream: 'gemini', feature: 'text', status: 'pass', problems: [], warnings: [] },
    { style: 'openai-responses', upstream: 'mock', feature: 'text', status: 'pass', problems: [], warnings: [] },
    { style: 'openai-responses', upstream: 'gemini', feature: 'websocket', status: 'pass', problems: [], warnings: [] },
    { style: 'openai-responses', upstream: 'mock', feature: 'websocket', status: 'pass', problems: [], warnings: [] },
  ],
  judges: [{ style: 'openai-responses', feature: 'websocket', by: 'ws 8.0.0' }],
};

const suite = (lane: string, version: string, textStatus: string): Clients[number] => ({
  suite: 'sdk',
  lane,
  clients: [
    { id: 'sdk-chat', title: 'SDK chat', packages: [{ name: 'sdk', version }] },
    { id: 'sdk-embeddings', title: 'SDK embeddings', packages: [{ name: 'sdk', version }] },
  ],
  cells: [
    { client: 'sdk-chat', upstream: 'gemini', feature: 'text', status: textStatus },
    { client: 'sdk-chat', upstream: 'mock', feature: 'text', status: 'pass' },
    { client: 'sdk-chat', upstream: 'gemini', feature: 'embeddings', status: 'pass' },
  ],
});

describe('the scorecard page', () => {
  const page = renderCompatibilityMarkdown(results, [
    suite('node20', '1.0.0', 'fail'),
    suite('node24', '2.0.0', 'pass'),
  ]);

  it('counts passed cells per caller style, not applicable ones left out', () => {
    expect(page).toContain('| Chat | 1/2 | 1 | 1 | 3/4 | 1 |');
    expect(page).toContain('| Responses | 4/4 | 0 | 0 | — | 0 |');
  });

  it('shows a row that applies to other styles as not applicable', () => {
    expect(page).toMatch(/## Chat callers[\s\S]*\| WebSocket \| — \| — \|/);
  });

  it('lists the real clients of a style with their versions per lane, and where a lane failed', () => {
    expect(page).toContain('- **A**: SDK chat (Node 20: sdk 1.0.0; Node 24: sdk 2.0.0)');
    expect(page).toContain('| Text | A (❌ Node 20) | A |');
    expect(page).not.toContain('SDK embeddings');
  });

  it('names the client libraries that judged rows beside the schemas', () => {
    expect(page).toContain('and by client libraries (WebSocket: ws 8.0.0)');
  });

  it('is the same bytes for the same results', () => {
    expect(
      renderCompatibilityMarkdown(results, [suite('node20', '1.0.0', 'fail'), suite('node24', '2.0.0', 'pass')]),
    ).toBe(page);
  });
});

describe('clientStyle', () => {
  it.each([
    ['ai-sdk-openai-compatible', 'openai-chat'],
    ['agents-responses', 'openai-responses'],
    ['langchain-anthropic', 'anthropic-messages'],
    ['google-genai', 'gemini'],
    ['openai-sdk-embeddings', undefined],
  ])('%s speaks %s', (id, style) => {
    expect(clientStyle(id)).toBe(style);
  });
});
