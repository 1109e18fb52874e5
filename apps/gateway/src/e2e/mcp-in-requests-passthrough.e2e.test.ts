import type Anthropic from '@anthropic-ai/sdk';
import type OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sdkClients } from './mcp-in-requests-judges.test-support.js';
import { startLoopGateway, type LoopGateway } from './mcp-in-requests-gateway.test-support.js';
import { OFFERED_HEAD } from './mcp-in-requests-model.test-support.js';

/**
 * MCP servers the gateway does not serve: to an upstream of the caller's family they go as sent
 * (the provider runs MCP itself); to any other upstream they are dropped with a warning, as
 * before issue 43, and nothing is offered to the model in their name.
 */
let loop: LoopGateway;
let openai: OpenAI;
let anthropic: Anthropic;
const ELSEWHERE = 'https://mcp.example.com/sse';

beforeAll(async () => {
  loop = await startLoopGateway();
  ({ openai, anthropic } = sdkClients(loop.url));
}, 60_000);
afterAll(async () => loop.close());

const lastBody = (wire: keyof LoopGateway['upstreams']): Record<string, unknown> =>
  loop.upstreams[wire].requests.at(-1)?.json() as Record<string, unknown>;

describe('an MCP server elsewhere', () => {
  it('goes to an Anthropic upstream as sent, with the connector beta', async () => {
    const server = { type: 'url' as const, url: ELSEWHERE, name: 'remote', authorization_token: 'remote-token' };
    const { data, response } = await anthropic.beta.messages
      .create({
        model: 'anthropic/list-offered',
        max_tokens: 256,
        messages: [{ role: 'user', content: 'Hello.' }],
        mcp_servers: [server],
        betas: ['mcp-client-2025-04-04'],
      })
      .withResponse();
    expect(response.status).toBe(200);
    expect(data.content).toEqual([{ type: 'text', text: `${OFFERED_HEAD} ` }]);
    expect(lastBody('anthropic-messages').mcp_servers).toEqual([server]);
    expect(String(loop.upstreams['anthropic-messages'].requests.at(-1)?.headers['anthropic-beta'])).toContain(
      'mcp-client-2025-04-04',
    );
  }, 60_000);

  it('gets the connector beta from the gateway when the caller sent mcp_servers without it, and only then', async () => {
    const server = { type: 'url' as const, url: ELSEWHERE, name: 'remote' };
    const lastBeta = (): string =>
      String(loop.upstreams['anthropic-messages'].requests.at(-1)?.headers['anthropic-beta'] ?? '');
    const message = {
      model: 'anthropic/list-offered',
      max_tokens: 256,
      messages: [{ role: 'user' as const, content: 'Hello.' }],
    };
    await anthropic.beta.messages.create({ ...message, mcp_servers: [server] });
    expect(lastBody('anthropic-messages').mcp_servers).toEqual([server]);
    expect(lastBeta()).toBe('mcp-client-2025-04-04');
    await anthropic.beta.messages.create(message);
    expect(lastBeta()).toBe('');
  }, 60_000);

  it('goes to an Anthropic upstream from a Responses caller with the connector beta', async () => {
    const { response } = await openai.responses
      .create({
        model: 'anthropic/list-offered',
        input: 'Hello.',
        tools: [{ type: 'mcp', server_label: 'remote', server_url: ELSEWHERE, require_approval: 'never' }],
      })
      .withResponse();
    expect(response.status).toBe(200);
    expect(lastBody('anthropic-messages').mcp_servers).toMatchObject([{ name: 'remote', url: ELSEWHERE }]);
    expect(loop.upstreams['anthropic-messages'].requests.at(-1)?.headers['anthropic-beta']).toBe(
      'mcp-client-2025-04-04',
    );
  }, 60_000);

  it.each(['chat/list-offered', 'gemini/list-offered'])(
    'is dropped with a warning for a Responses caller on %s, nothing offered in its name',
    async (model) => {
      const { data, response } = await openai.responses
        .create({
          model,
          input: 'Hello.',
          tools: [{ type: 'mcp', server_label: 'remote', server_url: ELSEWHERE, require_approval: 'never' }],
        })
        .withResponse();
      expect(response.headers.get('x-interlingua-warnings') ?? '').toContain('dropped');
      expect(data.output.map((item) => item.type)).toEqual(['message']);
      expect(data.output_text).toBe(`${OFFERED_HEAD} `);
    },
    60_000,
  );
});
