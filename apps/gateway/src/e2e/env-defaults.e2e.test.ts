import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { sendJson, startLoopbackUpstream, type LoopbackUpstream } from '@interlingua/testkit';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The built gateway started with no config file, as `pnpm start` does, in a child process whose
 * environment holds only a fake OpenAI key and a loopback OPENAI_BASE_URL: `openai/<model>` must
 * route there from the environment alone.
 */
const gatewayDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
let upstream: LoopbackUpstream;
let child: ChildProcess;
let baseUrl: string;
let stdout = '';

function waitForListening(process: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`gateway did not start:\n${output}`)), 15_000);
    process.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    process.once('exit', (code) => reject(new Error(`gateway exited with ${code}:\n${output}`)));
  });
}

beforeAll(async () => {
  execFileSync(process.execPath, [join(gatewayDir, '..', '..', 'node_modules', 'tsup', 'dist', 'cli-default.js')], {
    cwd: gatewayDir,
    stdio: 'ignore',
  });
  upstream = await startLoopbackUpstream((request, response) => {
    if (request.url === '/v1/models')
      return sendJson(response, 200, {
        object: 'list',
        data: [{ id: 'gpt-4.1', object: 'model', created: 1, owned_by: 'openai' }],
      });
    const body = request.json() as { model: string };
    return sendJson(response, 200, {
      id: 'chatcmpl-env',
      object: 'chat.completion',
      created: 1,
      model: body.model,
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content: 'from the loopback', refusal: null },
          finish_reason: 'stop',
          logprobs: null,
        },
      ],
      usage: { prompt_tokens: 3, completion_tokens: 3, total_tokens: 6 },
    });
  });
  child = spawn(process.execPath, [join(gatewayDir, 'dist', 'main.js')], {
    env: {
      PATH: process.env.PATH ?? '',
      OPENAI_API_KEY: 'sk-fake-env-key',
      OPENAI_BASE_URL: `${upstream.url}/v1`,
      INTERLINGUA_API_KEY: 'env-gateway-key',
      INTERLINGUA_PORT: '0',
      INTERLINGUA_LOG: 'on',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString('utf8');
  });
  baseUrl = await waitForListening(child);
}, 60_000);

afterAll(async () => {
  child?.kill('SIGTERM');
  await upstream?.close();
});

describe('defaults from the environment', () => {
  it('routes openai/<model> to OPENAI_BASE_URL with OPENAI_API_KEY', async () => {
    const client = new OpenAI({ baseURL: `${baseUrl}/v1`, apiKey: 'env-gateway-key', maxRetries: 0 });
    const completion = await client.chat.completions.create({
      model: 'openai/gpt-4.1',
      messages: [{ role: 'user', content: 'hi' }],
    });
    expect(completion.choices[0]?.message.content).toBe('from the loopback');
    const received = upstream.requests.find((r) => r.url === '/v1/chat/completions');
    expect(received?.headers.authorization).toBe('Bearer sk-fake-env-key');
    expect((received?.json() as { model: string }).model).toBe('gpt-4.1');
  });

  it('lists the mock model and the provider models under its prefix', async () => {
    const client = new OpenAI({ baseURL: `${baseUrl}/v1`, apiKey: 'env-gateway-key', maxRetries: 0 });
    const ids = [];
    for await (const model of client.models.list()) ids.push(model.id);
    expect(ids).toEqual(expect.arrayContaining(['mock', 'openai/gpt-4.1']));
  });

  it('has written the log line of every request to stdout once it has stopped (lines are batched)', async () => {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
    const requestLines = stdout
      .split('\n')
      .filter((line) => line.includes('"msg":"request"'))
      .map((line) => JSON.parse(line) as { endpoint: string; status: number; key: string });
    expect(requestLines.map((line) => [line.endpoint, line.status, line.key])).toEqual([
      ['chat', 200, 'default'],
      ['models', 200, 'default'],
    ]);
    expect(stdout).not.toContain('env-gateway-key');
  });
});
