import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sendJson } from '@interlingua/testkit';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GATEWAY_KEY, startHarness, type Harness } from '../e2e/gateway-harness.test-support.js';
import { operatorOf } from './operator-state.js';

const ADMIN = 'admin-secret-for-console-api-01';
let harness: Harness;

beforeAll(async () => {
  harness = await startHarness((_request, response) => sendJson(response, 500, { error: { message: 'unused' } }), {
    sections: {
      admin: { secret: ADMIN },
      database: { type: 'sqlite', dir: mkdtempSync(join(tmpdir(), 'interlingua-console-api-')) },
      ledger: { flushMs: 3_600_000 },
    },
  });
});
afterAll(async () => harness.close());

const admin = (path: string, body?: unknown) =>
  fetch(`${harness.url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

const chat = () =>
  new OpenAI({ apiKey: GATEWAY_KEY, baseURL: `${harness.url}/v1`, maxRetries: 0 }).chat.completions.create({
    model: 'mock',
    messages: [{ role: 'user', content: 'ledger me' }],
  });

describe('the admin API behind the console', () => {
  it('previews an Anthropic request as it goes to an OpenAI chat upstream, with the translation warnings and no credentials', async () => {
    const response = await admin('/admin/playground/translate', {
      style: 'anthropic-messages',
      model: 'up/gpt-4.1',
      stream: true,
      body: {
        model: 'up/gpt-4.1',
        max_tokens: 50,
        top_k: 5,
        system: 'Be brief',
        messages: [{ role: 'user', content: 'Hi' }],
        stream: true,
      },
    });
    expect(response.status).toBe(200);
    const preview = (await response.json()) as {
      provider: string;
      upstreamModel: string;
      wire: string;
      url: string;
      body: { model: string; messages: Array<{ role: string }> };
      warnings: Array<{ field: string }>;
    };
    expect(preview).toMatchObject({ provider: 'upstream', upstreamModel: 'gpt-4.1', wire: 'openai-chat' });
    expect(preview.url).toMatch(/\/v1\/chat\/completions$/);
    expect(preview.body.model).toBe('gpt-4.1');
    expect(preview.body.messages.map((message) => message.role)).toEqual(['system', 'user']);
    expect(
      preview.warnings.map((warning) => warning.field),
      JSON.stringify(preview.warnings),
    ).toContain('sampling.topK');
    expect(JSON.stringify(preview)).not.toContain('upstream-secret');
    expect((await admin('/admin/playground/translate', { style: 'cobol', model: 'mock', body: {} })).status).toBe(400);
  });

  it('streams each finished request to the live log', async () => {
    const controller = new AbortController();
    const stream = await fetch(`${harness.url}/admin/requests/stream`, {
      headers: { authorization: `Bearer ${ADMIN}` },
      signal: controller.signal,
    });
    expect(stream.headers.get('content-type')).toBe('text/event-stream');
    const reader = (stream.body as ReadableStream<Uint8Array>).pipeThrough(new TextDecoderStream()).getReader();
    await reader.read();
    await chat();
    let text = '';
    while (!text.includes('event: request')) text += (await reader.read()).value ?? '';
    controller.abort();
    expect(text).toContain('"key":"test"');
    expect(text).toContain('"model":"mock"');
  });

  it('writes the buffered ledger rows on SIGHUP, not only on its timer', async () => {
    const operator = operatorOf(harness.gateway.gateway.ops.runtime);
    if (!operator) throw new Error('no database');
    await operator.ledger.flush();
    const before = (await operator.db.all('SELECT COUNT(*) AS n FROM interlingua_requests'))[0]?.n;
    await chat();
    await expect.poll(() => operator.ledger.buffered).toBe(1);
    process.emit('SIGHUP', 'SIGHUP');
    await expect
      .poll(async () => (await operator.db.all('SELECT COUNT(*) AS n FROM interlingua_requests'))[0]?.n)
      .toBe(Number(before) + 1);
  });

  it('lists the routes with their cooldown state and the providers', async () => {
    const view = (await (await admin('/admin/routes')).json()) as {
      models: Array<{ name: string; targets: Array<{ provider: string; coolingDown: boolean }> }>;
      providers: Array<{ id: string }>;
    };
    expect(view.models.map((route) => route.name)).toEqual(['up/*', 'mock']);
    expect(view.models[1]?.targets[0]).toMatchObject({ provider: 'mock', coolingDown: false });
    expect(view.providers.map((provider) => provider.id)).toEqual(['upstream', 'mock']);
  });
});
