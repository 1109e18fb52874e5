import Anthropic from '@anthropic-ai/sdk';
import { loadRecording, recordingJson, sendJson } from '@interlingua/testkit';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLogger, setRequestLogging } from '../observe/request-log.js';
import { GATEWAY_KEY, startHarness, type Harness } from './gateway-harness.test-support.js';

/*
 * The same-style relay reads a whole answer's usage with a small reader when the answer has the
 * usual shape, and through the full conversion to the IR otherwise. Both branches must charge
 * the same tokens.
 */

const MESSAGE = recordingJson(loadRecording('anthropic-messages/01-text.json')) as Record<string, unknown>;

let harness: Harness;
let answer: Record<string, unknown> = MESSAGE;
const lines: Array<Record<string, unknown>> = [];

beforeAll(async () => {
  setRequestLogging(true);
  harness = await startHarness((_request, response) => sendJson(response, 200, answer), {
    upstreamProvider: { type: 'anthropic' },
  });
  harness.gateway.gateway.ops.runtime.logger = createLogger('info', {
    write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>),
  });
});
afterAll(async () => {
  setRequestLogging(false);
  await harness.close();
});

async function tokensOf(body: Record<string, unknown>): Promise<unknown> {
  answer = body;
  const client = new Anthropic({ baseURL: harness.url, apiKey: GATEWAY_KEY, maxRetries: 0 });
  const { response } = await client.messages
    .create({ model: 'up/claude', max_tokens: 64, messages: [{ role: 'user', content: 'hi' }] })
    .withResponse();
  const requestId = response.headers.get('x-request-id');
  const line = await vi.waitFor(() => {
    const found = lines.find((entry) => entry.requestId === requestId);
    if (!found) throw new Error(`no log line for ${requestId}`);
    return found;
  });
  expect(line).toMatchObject({ path: 'fast', status: 200 });
  return line.tokens;
}

describe('usage of a relayed non-streaming answer', () => {
  it('is read from an answer of the usual shape', async () => {
    expect(await tokensOf(MESSAGE)).toEqual({ input: 12, output: 29, cached: 0, reasoning: 0 });
  });

  it('is read through the full conversion from an answer the reader leaves (no `type`), the same', async () => {
    const { type: _type, ...untyped } = MESSAGE;
    expect(await tokensOf(untyped)).toEqual({ input: 12, output: 29, cached: 0, reasoning: 0 });
  });
});
