import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerResponse } from 'node:http';
import { GATEWAY_KEY, startHarness, type Harness } from './gateway-harness.test-support.js';

/**
 * Whatever type an upstream labels its answer with, callers get the type their endpoint defines,
 * and every API answer says `nosniff`: an upstream (or a proxy in front of it) answering HTML
 * never becomes a page served from the gateway's origin.
 */
const PAGE = '<!doctype html><html><body><script>alert(document.cookie)</script></body></html>';
const CHAT_ANSWER = {
  id: 'chatcmpl-1',
  object: 'chat.completion',
  created: 1,
  model: 'gpt-4o-mini',
  choices: [{ index: 0, message: { role: 'assistant', content: 'hi' }, finish_reason: 'stop', logprobs: null }],
  usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
};

let harness: Harness;
let reply: (response: ServerResponse) => void;

beforeAll(async () => {
  harness = await startHarness((_request, response) => reply(response));
});

afterAll(() => harness.close());

function post(path: string, body: unknown): Promise<Response> {
  return fetch(`${harness.url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${GATEWAY_KEY}`, 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

function answerWith(type: string, body: string): void {
  reply = (response) => {
    response.writeHead(200, { 'content-type': type });
    response.end(body);
  };
}

const chat = { model: 'up/gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] };

describe('an upstream answering HTML where JSON was expected', () => {
  it('is a 502 in the caller style naming the type, never served as HTML (chat, same-style path)', async () => {
    answerWith('text/html; charset=utf-8', PAGE);
    const response = await post('/v1/chat/completions', chat);
    expect(response.status).toBe(502);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const body = (await response.json()) as { error: { message: string } };
    expect(body.error.message).toContain('content type "text/html; charset=utf-8" where JSON was expected');
  });

  it('refuses a JSON body labelled text/html as well', async () => {
    answerWith('text/html', JSON.stringify(CHAT_ANSWER));
    const response = await post('/v1/chat/completions', chat);
    expect(response.status).toBe(502);
    expect(response.headers.get('content-type')).toBe('application/json');
  });

  it('answers a JSON body labelled text/plain as application/json', async () => {
    answerWith('text/plain; charset=utf-8', JSON.stringify(CHAT_ANSWER));
    const response = await post('/v1/chat/completions', chat);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await response.json()).toMatchObject({ choices: [{ message: { content: 'hi' } }] });
  });
});

describe('speech keeps only an audio type', () => {
  it("answers an upstream's text/html with the requested format's type", async () => {
    answerWith('text/html', PAGE);
    const response = await post('/v1/audio/speech', {
      model: 'up/tts-1',
      input: 'Hi',
      voice: 'alloy',
      response_format: 'opus',
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('audio/opus');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    await response.arrayBuffer();
  });

  it("keeps the upstream's own audio type", async () => {
    answerWith('audio/ogg', 'OggS');
    const response = await post('/v1/audio/speech', {
      model: 'up/tts-1',
      input: 'Hi',
      voice: 'alloy',
      response_format: 'opus',
    });
    expect(response.headers.get('content-type')).toBe('audio/ogg');
    await response.arrayBuffer();
  });
});

describe('nosniff on every API answer', () => {
  it('is on a success, a stream, a 400, a 401 and a 404', async () => {
    const answers = [
      await post('/v1/chat/completions', { model: 'mock', messages: [{ role: 'user', content: 'hi' }] }),
      await post('/v1/chat/completions', { model: 'mock', stream: true, messages: [{ role: 'user', content: 'hi' }] }),
      await post('/v1/chat/completions', '{"model":'),
      await fetch(`${harness.url}/v1/messages`, { method: 'POST', body: '{}' }),
      await fetch(`${harness.url}/v1/no-such-route`, { headers: { authorization: `Bearer ${GATEWAY_KEY}` } }),
    ];
    expect(answers.map((a) => a.status)).toEqual([200, 200, 400, 401, 404]);
    for (const answer of answers) {
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      await answer.arrayBuffer();
    }
  });

  it('leaves the console its own type (its page, or text when it is not built)', async () => {
    const response = await fetch(`${harness.url}/console/`);
    expect(response.headers.get('content-type')).toMatch(response.status === 200 ? /^text\/html/ : /^text\/plain/);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    await response.arrayBuffer();
  });
});
