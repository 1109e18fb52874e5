import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GATEWAY_KEY, startHarness, type Harness } from './gateway-harness.test-support.js';
import { INBOUND_MODES, readInbound, sendInbound } from './inbound-callers.test-support.js';
import { closedPort } from './upstream-wires.test-support.js';

/** The local model's configured key: never in what the caller sees. */
const LOCAL_KEY = 'local-model-secret-key';

let harness: Harness;

beforeAll(async () => {
  const deadRoot = `http://127.0.0.1:${await closedPort()}`;
  const deadUrl = `${deadRoot}/v1`;
  harness = await startHarness(() => undefined, {
    providers: [
      { id: 'ollama', type: 'ollama', baseUrl: deadUrl, apiKey: LOCAL_KEY },
      { id: 'first', type: 'ollama', baseUrl: deadUrl },
      { id: 'second', type: 'vllm', baseUrl: deadUrl },
      { id: 'embedder', type: 'tei', baseUrl: deadRoot, apiKey: LOCAL_KEY },
    ],
    models: [
      { name: 'llama3', targets: [{ provider: 'ollama' }] },
      { name: 'nomic-embed-text', targets: [{ provider: 'embedder' }] },
      {
        name: 'two-dead',
        targets: [
          { provider: 'first', model: 'llama3', priority: 1 },
          { provider: 'second', model: 'qwen3', priority: 2 },
        ],
      },
    ],
  });
});

afterAll(() => harness.close());

describe('an error answer of a request that reached routing', () => {
  it.each(INBOUND_MODES.map((mode) => [mode.id, mode] as const))(
    '%s caller: a dead local model is a 502 with the route header, naming provider, model and attempts',
    async (_id, mode) => {
      const response = await sendInbound(harness.url, mode, 'llama3');
      expect(response.headers.get('x-interlingua-route')).toMatch(/^provider=ollama; model=llama3; attempts=1; path=/);
      const outcome = await readInbound(mode, response);
      expect(outcome).toMatchObject({
        kind: 'http-error',
        status: 502,
        message: 'Failed reaching the upstream provider ollama (model llama3, 1 attempt): ECONNREFUSED',
      });
    },
  );

  it('counts the attempts over every target and names the last one tried', async () => {
    const mode = INBOUND_MODES.find((candidate) => candidate.id === 'messages-sse');
    if (!mode) throw new Error('no messages-sse mode');
    const response = await sendInbound(harness.url, mode, 'two-dead');
    expect(response.headers.get('x-interlingua-route')).toMatch(/^provider=second; model=qwen3; attempts=2; path=/);
    const outcome = await readInbound(mode, response);
    expect(outcome).toMatchObject({
      status: 502,
      message: 'Failed reaching the upstream provider second (model qwen3, 2 attempts): ECONNREFUSED',
    });
  });

  it('an embeddings request to the dead model says the same, without the provider key', async () => {
    const response = await fetch(`${harness.url}/v1/embeddings`, {
      method: 'POST',
      headers: { authorization: `Bearer ${GATEWAY_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'nomic-embed-text', input: 'hello' }),
    });
    expect(response.status).toBe(502);
    expect(response.headers.get('x-interlingua-route')).toMatch(
      /^provider=embedder; model=nomic-embed-text; attempts=1/,
    );
    const text = await response.text();
    expect(text).toContain('Failed reaching the upstream provider embedder (model nomic-embed-text, 1 attempt)');
    expect(text).not.toContain(LOCAL_KEY);
  });

  it('an unknown model never reached routing: no route header', async () => {
    const mode = INBOUND_MODES[0];
    if (!mode) throw new Error('no mode');
    const response = await sendInbound(harness.url, mode, 'no-such-model');
    expect(response.status).toBe(404);
    expect(response.headers.get('x-interlingua-route')).toBeNull();
  });
});
