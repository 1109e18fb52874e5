import type { ServerResponse } from 'node:http';
import type { ReceivedRequest } from '@interlingua/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GATEWAY_KEY, startHarness, type Harness } from './gateway-harness.test-support.js';

/*
 * A large same-style chat stream whose caller did not ask for usage: the relay adds
 * `stream_options.include_usage` in the room after the caller's bytes (no copy of the body) and
 * puts the caller's bytes back once the upstream call settled. The upstream must receive exactly
 * what the copying splice gives, on every attempt, and the caller the same answer as for a small
 * body relayed through the copy.
 */

const USAGE_MEMBER = ',"stream_options":{"include_usage":true}';
const chunk = (fields: Record<string, unknown>): string =>
  `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'agent-model', ...fields })}\n\n`;
const STREAM = [
  chunk({ choices: [{ index: 0, delta: { role: 'assistant', content: 'Done.' }, finish_reason: null }] }),
  chunk({ choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] }),
  chunk({ choices: [], usage: { prompt_tokens: 900, completion_tokens: 2, total_tokens: 902 } }),
  'data: [DONE]\n\n',
].join('');

let harness: Harness;
/** Attempts to fail with a 503 before the upstream answers. */
let failures = 0;

function answer(_request: ReceivedRequest, response: ServerResponse): void {
  if (failures > 0) {
    failures--;
    response.writeHead(503, { 'content-type': 'application/json' });
    response.end('{"error":{"message":"busy","type":"server_error"}}');
    return;
  }
  response.writeHead(200, { 'content-type': 'text/event-stream' });
  response.end(STREAM);
}

beforeAll(async () => {
  harness = await startHarness(answer, {
    models: [{ name: 'agent-model', targets: [{ provider: 'upstream' }] }],
    sections: { routing: { retries: 2, backoff: { initialMs: 5, maxMs: 10 } } },
  });
});
afterAll(() => harness.close());

/** An agent turn of about `bytes` bytes (compact JSON, as SDKs send it, or indented). */
function agentTurn(bytes: number, indent?: number): string {
  const listing = Array.from({ length: Math.ceil(bytes / 60) }, (_, i) => `${i}\tconst step${i} = "x";`).join('\n');
  return JSON.stringify(
    {
      model: 'agent-model',
      messages: [
        { role: 'system', content: 'You are a coding agent.' },
        { role: 'user', content: 'Read the file.' },
        { role: 'tool', tool_call_id: 'call_1', content: listing.slice(0, bytes) },
      ],
      stream: true,
    },
    null,
    indent,
  );
}

async function relay(body: string): Promise<{ status: number; text: string; sent: string[] }> {
  const before = harness.upstream.requests.length;
  const response = await fetch(`${harness.url}/v1/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${GATEWAY_KEY}` },
    body,
  });
  const text = await response.text();
  const sent = harness.upstream.requests.slice(before).map((request) => request.body.toString('utf8'));
  return { status: response.status, text, sent };
}

const withUsage = (body: string): string => `${body.slice(0, -1)}${USAGE_MEMBER}}`;

describe('include_usage added in place to a large same-style chat stream', () => {
  it('sends the caller bytes with the member before the closing brace, and answers as for a small body', async () => {
    const large = agentTurn(200_000);
    const small = agentTurn(2_000);
    const [big, little] = [await relay(large), await relay(small)];
    expect(big.status).toBe(200);
    expect(big.sent).toEqual([withUsage(large)]);
    expect(little.sent).toEqual([withUsage(small)]);
    // The usage-only chunk the caller did not ask for is held back either way.
    expect(big.text).toBe(little.text);
    expect(big.text).not.toContain('"usage"');
    expect(big.text.endsWith('data: [DONE]\n\n')).toBe(true);
  });

  it('sends the same bytes again on a retry: the caller bytes were put back in between', async () => {
    // Indented: serialising the parsed body again (the fallback) would not give these bytes.
    const large = agentTurn(300_000, 1);
    failures = 2;
    const { status, sent } = await relay(large);
    expect(status).toBe(200);
    expect(sent).toEqual([withUsage(large), withUsage(large), withUsage(large)]);
  });
});
