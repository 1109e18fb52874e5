import Anthropic from '@anthropic-ai/sdk';
import { ApiError, GoogleGenAI } from '@google/genai';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startHarness, type Harness } from './gateway-harness.test-support.js';

/** Keys, admin and limits of this file: every limit lives on its own key so tests do not interfere. */
const KEYS = {
  rpm: 'rpm-limited-key-0001',
  budget: 'budget-key-00000001',
  expired: 'expired-key-0000001',
  chatOnly: 'chat-only-key-00001',
  open: 'open-key-0000000001',
};
const ADMIN = 'admin-secret-for-tests-0001';

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness(() => undefined, {
    keys: [
      { name: 'rpm', secret: KEYS.rpm, rpm: 2 },
      { name: 'budget', secret: KEYS.budget, budgets: [{ period: 'day', tokens: 40 }] },
      { name: 'expired', secret: KEYS.expired, expiresAt: '2020-01-01T00:00:00Z' },
      { name: 'chat-only', secret: KEYS.chatOnly, endpoints: ['chat', 'models'] },
      { name: 'open', secret: KEYS.open },
    ],
    sections: { admin: { secret: ADMIN }, limits: { maxBodyBytes: { chat: 2_000 } } },
  });
});
afterAll(() => harness.close());

const openai = (key: string) =>
  new OpenAI({ baseURL: `${harness.url}/v1`, apiKey: key, maxRetries: 0, timeout: 10_000 });
const anthropic = (key: string) => new Anthropic({ baseURL: harness.url, apiKey: key, maxRetries: 0, timeout: 10_000 });
const gemini = (key: string) =>
  new GoogleGenAI({ apiKey: key, httpOptions: { baseUrl: harness.url, timeout: 10_000 } });
const chat = (key: string) =>
  openai(key).chat.completions.create({ model: 'mock', messages: [{ role: 'user', content: 'hello there' }] });
const message = (key: string) =>
  anthropic(key).messages.create({
    model: 'mock',
    max_tokens: 50,
    messages: [{ role: 'user', content: 'hello there' }],
  });
const generate = (key: string) => gemini(key).models.generateContent({ model: 'mock', contents: 'hello there' });
const admin = (path: string, key = ADMIN) =>
  fetch(`${harness.url}${path}`, { headers: { authorization: `Bearer ${key}` } });

/** Sends until a request fails (at most 5): how many passed, and the failure. */
async function untilRefused(send: () => Promise<unknown>): Promise<{ passed: number; error: unknown }> {
  for (let passed = 0; passed < 5; passed++) {
    const error = await send().then(
      () => undefined,
      (e: unknown) => e ?? new Error('rejected without a value'),
    );
    if (error) return { passed, error };
  }
  throw new Error('never refused');
}

describe('key limits, in each caller style', () => {
  it('refuses the request over the RPM with a 429 and retry-after, as each SDK expects', async () => {
    // RPM windows are calendar minutes: sending until refused stays right across a minute boundary.
    const fromOpenAi = await untilRefused(() => chat(KEYS.rpm));
    expect(fromOpenAi.passed).toBeGreaterThanOrEqual(2);
    expect(fromOpenAi.error).toBeInstanceOf(OpenAI.RateLimitError);
    const retryAfter = Number(
      (fromOpenAi.error as InstanceType<typeof OpenAI.RateLimitError>).headers?.get('retry-after'),
    );
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    const fromAnthropic = (await untilRefused(() => message(KEYS.rpm))).error;
    expect(fromAnthropic).toBeInstanceOf(Anthropic.RateLimitError);
    expect((fromAnthropic as InstanceType<typeof Anthropic.RateLimitError>).error).toMatchObject({
      type: 'error',
      error: { type: 'rate_limit_error' },
    });
    const fromGemini = (await untilRefused(() => generate(KEYS.rpm))).error;
    expect(fromGemini).toBeInstanceOf(ApiError);
    expect((fromGemini as ApiError).status).toBe(429);
  });

  it('answers 401 for an expired key in each style', async () => {
    await expect(chat(KEYS.expired)).rejects.toBeInstanceOf(OpenAI.AuthenticationError);
    const error = await message(KEYS.expired).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Anthropic.AuthenticationError);
    expect((error as Error).message).toContain('expired');
  });

  it('answers 403 for an endpoint the key may not call, in the caller style, and lets its own endpoints through', async () => {
    await expect(chat(KEYS.chatOnly)).resolves.toMatchObject({ object: 'chat.completion' });
    const fromAnthropic = await message(KEYS.chatOnly).catch((e: unknown) => e);
    expect(fromAnthropic).toBeInstanceOf(Anthropic.PermissionDeniedError);
    expect((fromAnthropic as Error).message).toContain('messages endpoint');
    const fromGemini = await generate(KEYS.chatOnly).catch((e: unknown) => e);
    expect((fromGemini as ApiError).status).toBe(403);
    const responses = await openai(KEYS.chatOnly)
      .responses.create({ model: 'mock', input: 'hi' })
      .catch((e: unknown) => e);
    expect(responses).toBeInstanceOf(OpenAI.PermissionDeniedError);
  });

  it('stops a key at its token budget with a 429 that SDKs do not retry, and counts it at /admin/usage', async () => {
    let refused: unknown;
    for (let i = 0; i < 20 && !refused; i++) {
      await chat(KEYS.budget).catch((e: unknown) => {
        refused = e;
      });
      // Usage is charged when the answer closed: let the charge land before the next check.
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(refused).toBeInstanceOf(OpenAI.RateLimitError);
    const error = refused as InstanceType<typeof OpenAI.RateLimitError>;
    expect(error.code).toBe('budget_exceeded');
    expect(error.headers?.get('x-should-retry')).toBe('false');
    const usage = (await (await admin('/admin/usage')).json()) as {
      data: Array<{ name: string; day: { inputTokens: number; outputTokens: number; requests: number } }>;
    };
    const budget = usage.data.find((row) => row.name === 'budget');
    expect((budget?.day.inputTokens ?? 0) + (budget?.day.outputTokens ?? 0)).toBeGreaterThanOrEqual(40);
    expect(budget?.day.requests).toBeGreaterThanOrEqual(2);
  });
});

describe('body size limits per endpoint', () => {
  it('refuses a chat body over limits.maxBodyBytes.chat with a 413, while other endpoints keep the server limit', async () => {
    const long = 'x'.repeat(3_000);
    const error = await openai(KEYS.open)
      .chat.completions.create({ model: 'mock', messages: [{ role: 'user', content: long }] })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.APIError);
    expect((error as InstanceType<typeof OpenAI.APIError>).status).toBe(413);
    const answer = await anthropic(KEYS.open).messages.create({
      model: 'mock',
      max_tokens: 5,
      messages: [{ role: 'user', content: long }],
    });
    expect(answer.type).toBe('message');
  });
});

describe('operational endpoints', () => {
  it('keeps /health and /ready open', async () => {
    expect(await (await fetch(`${harness.url}/health`)).json()).toEqual({ status: 'ok' });
    expect(await (await fetch(`${harness.url}/ready`)).json()).toEqual({ status: 'ready' });
  });

  it('wants the admin key for /metrics and /admin/usage, never a gateway key', async () => {
    expect((await fetch(`${harness.url}/metrics`)).status).toBe(401);
    expect((await admin('/metrics', KEYS.open)).status).toBe(401);
    expect((await admin('/admin/usage', KEYS.open)).status).toBe(401);
    expect((await admin('/metrics')).status).toBe(200);
  });

  it('reports per-key totals and limits at /admin/usage', async () => {
    await chat(KEYS.open);
    await vi.waitFor(async () => {
      const body = (await (await admin('/admin/usage')).json()) as {
        data: Array<{
          name: string;
          limits: unknown;
          day: { requests: number; inputTokens: number };
          month: { requests: number };
        }>;
      };
      const open = body.data.find((row) => row.name === 'open');
      expect(open?.day.requests).toBeGreaterThanOrEqual(1);
      expect(open?.day.inputTokens).toBeGreaterThan(0);
      expect(open?.month.requests).toBe(open?.day.requests);
      expect(body.data.find((row) => row.name === 'rpm')?.limits).toEqual({ rpm: 2, tpm: null, budgets: [] });
    });
  });

  it('counts requests by route, provider and status in /metrics', async () => {
    await chat(KEYS.open);
    const text = await (await admin('/metrics')).text();
    expect(text).toMatch(/interlingua_requests_total\{route="chat",provider="mock",status="200"\} [1-9]/);
    expect(text).toMatch(/interlingua_requests_total\{route="messages",provider="none",status="429"\} [1-9]/);
    expect(text).toMatch(/interlingua_request_duration_seconds_count\{route="chat",provider="mock"\} [1-9]/);
    expect(text).toMatch(/interlingua_time_to_first_byte_seconds_count\{route="chat",provider="mock"\} [1-9]/);
    expect(text).toMatch(/interlingua_tokens_total\{provider="mock",model="mock",type="input"\} [1-9]/);
    expect(text).toContain('interlingua_active_streams');
  });

  it('answers 403 on the admin endpoints when no admin key is configured', async () => {
    const plain = await startHarness(() => undefined);
    try {
      const response = await fetch(`${plain.url}/metrics`, { headers: { authorization: `Bearer ${ADMIN}` } });
      expect(response.status).toBe(403);
      expect(((await response.json()) as { error: { message: string } }).error.message).toContain('admin.secret');
    } finally {
      await plain.close();
    }
  });
});
