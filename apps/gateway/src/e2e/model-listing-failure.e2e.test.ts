import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GATEWAY_KEY, logCollector, startHarness, type Harness } from './gateway-harness.test-support.js';

const log = logCollector();
let harness: Harness;
let listingStatus = 500;

beforeAll(async () => {
  harness = await startHarness(
    (request, response) => {
      if (request.url === '/v1/models') {
        response.writeHead(listingStatus, { 'content-type': 'application/json' });
        response.end(
          listingStatus === 200
            ? JSON.stringify({ object: 'list', data: [{ id: 'gpt-x', object: 'model', created: 1, owned_by: 'o' }] })
            : '{"error":{"message":"down"}}',
        );
        return;
      }
      response.writeHead(404).end();
    },
    { logDestination: log.destination },
  );
});

afterAll(() => harness.close());

async function listedIds(): Promise<string[]> {
  const response = await fetch(`${harness.url}/v1/models`, { headers: { authorization: `Bearer ${GATEWAY_KEY}` } });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: Array<{ id: string }> }).data.map((model) => model.id);
}

describe('GET /v1/models when a provider fails to list its models', () => {
  it('leaves its prefix route out instead of listing the pattern, and says so in the log', async () => {
    const ids = await listedIds();
    expect(ids).toContain('mock');
    expect(ids).not.toContain('up/*');
    expect(ids.some((id) => id.startsWith('up/'))).toBe(false);
    expect(log.lines).toContainEqual(
      expect.objectContaining({
        level: 'warn',
        provider: 'upstream',
        reason: 'HTTP 500',
        msg: expect.stringContaining('model listing'),
      }),
    );
  });

  it('lists the upstream models once the provider answers', async () => {
    listingStatus = 200;
    expect(await listedIds()).toEqual(expect.arrayContaining(['mock', 'up/gpt-x']));
  });
});
