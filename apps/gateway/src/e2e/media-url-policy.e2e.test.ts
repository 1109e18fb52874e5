import type { GenerationStyle } from '@interlingua/provider-adapters';
import { startLoopbackUpstream, type LoopbackUpstream } from '@interlingua/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GATEWAY_KEY, startHarness, type Harness } from './gateway-harness.test-support.js';
import { readInbound, type InboundMode } from './inbound-callers.test-support.js';
import { replyHealthy } from './upstream-faults.test-support.js';
import { providerForWire, readWireRequest, UPSTREAM_WIRES } from './upstream-wires.test-support.js';

let harness: Harness;
let upstream: LoopbackUpstream;
const violations: string[] = [];

beforeAll(async () => {
  upstream = await startLoopbackUpstream((request, response) => {
    const read = readWireRequest(request);
    if (typeof read === 'string') {
      violations.push(read);
      return void response.writeHead(400).end();
    }
    return replyHealthy({ wire: read.wire, stream: false, response, committed: Promise.resolve() });
  });
  const providers = UPSTREAM_WIRES.map((wire) => providerForWire(wire, wire, upstream.url));
  harness = await startHarness(() => undefined, {
    providers,
    models: UPSTREAM_WIRES.map((wire) => ({ name: `${wire}/*`, targets: [{ provider: wire }] })),
  });
});

afterAll(async () => {
  await harness.close();
  await upstream.close();
});

/** One way of naming media by URL in a caller style, sent to the same-style upstream (passed on as is). */
interface MediaCase {
  name: string;
  style: GenerationStyle;
  path: string;
  body(url: string): Record<string, unknown>;
}

const text = { type: 'text', text: 'What is this?' };
const CASES: readonly MediaCase[] = [
  {
    name: 'chat image_url',
    style: 'openai-chat',
    path: 'messages[0].content[1].image_url.url',
    body: (url) => ({
      model: 'openai-chat/m',
      messages: [{ role: 'user', content: [text, { type: 'image_url', image_url: { url } }] }],
    }),
  },
  {
    name: 'Responses input_image',
    style: 'openai-responses',
    path: 'input[0].content[1].image_url',
    body: (url) => ({
      model: 'openai-responses/m',
      store: false,
      input: [
        {
          role: 'user',
          content: [
            { type: 'input_text', text: 'hi' },
            { type: 'input_image', image_url: url },
          ],
        },
      ],
    }),
  },
  {
    name: 'Responses input_file',
    style: 'openai-responses',
    path: 'input[0].content[1].file_url',
    body: (url) => ({
      model: 'openai-responses/m',
      store: false,
      input: [
        {
          role: 'user',
          content: [
            { type: 'input_text', text: 'hi' },
            { type: 'input_file', file_url: url },
          ],
        },
      ],
    }),
  },
  {
    name: 'Anthropic image URL source',
    style: 'anthropic-messages',
    path: 'messages[0].content[0].source.url',
    body: (url) => ({
      model: 'anthropic-messages/m',
      max_tokens: 50,
      messages: [{ role: 'user', content: [{ type: 'image', source: { type: 'url', url } }, text] }],
    }),
  },
  {
    name: 'Anthropic document URL source',
    style: 'anthropic-messages',
    path: 'messages[0].content[0].source.url',
    body: (url) => ({
      model: 'anthropic-messages/m',
      max_tokens: 50,
      messages: [{ role: 'user', content: [{ type: 'document', source: { type: 'url', url } }, text] }],
    }),
  },
  {
    name: 'Gemini fileData.fileUri',
    style: 'gemini',
    path: 'contents[0].parts[1].fileData.fileUri',
    body: (url) => ({
      contents: [
        { role: 'user', parts: [{ text: 'hi' }, { fileData: { mimeType: 'application/pdf', fileUri: url } }] },
      ],
    }),
  },
];

/** The case's body with a long turn after the media one: an agent-sized body, which the gateway scans instead of parsing whole. */
function agentSized(media: MediaCase, body: Record<string, unknown>): Record<string, unknown> {
  const long = 'Earlier output. '.repeat(5_000);
  const turn =
    media.style === 'gemini' ? { role: 'model', parts: [{ text: long }] } : { role: 'assistant', content: long };
  const field = media.style === 'gemini' ? 'contents' : media.style === 'openai-responses' ? 'input' : 'messages';
  return { ...body, [field]: [...(body[field] as unknown[]), turn] };
}

function send(media: MediaCase, url: string, large = false): Promise<Response> {
  const body = JSON.stringify(large ? agentSized(media, media.body(url)) : media.body(url));
  const json = { 'content-type': 'application/json' };
  const post = (path: string, headers: Record<string, string>) =>
    fetch(`${harness.url}${path}`, { method: 'POST', headers: { ...json, ...headers }, body });
  if (media.style === 'openai-chat') return post('/v1/chat/completions', { authorization: `Bearer ${GATEWAY_KEY}` });
  if (media.style === 'openai-responses') return post('/v1/responses', { authorization: `Bearer ${GATEWAY_KEY}` });
  if (media.style === 'anthropic-messages')
    return post('/v1/messages', { 'x-api-key': GATEWAY_KEY, 'anthropic-version': '2023-06-01' });
  return post('/v1beta/models/gemini/m:generateContent', { 'x-goog-api-key': GATEWAY_KEY });
}

const mode = (style: GenerationStyle): InboundMode => ({ id: style, style, framing: 'json' });

/** URLs refused wherever they appear, and the problem the answer must name. */
const REFUSED: ReadonlyArray<readonly [string, RegExp]> = [
  ['file:///etc/passwd', /the scheme "file:" is not allowed/],
  ['ftp://files.example.com/a.pdf', /the scheme "ftp:" is not allowed/],
  ['http://169.254.169.254/latest/meta-data/', /is a metadata address/],
  ['http://10.1.2.3/a.png', /is a private address/],
  ['http://[::1]:8080/a.png', /is a loopback address/],
  ['http://localhost:8080/a.png', /is a loopback address/],
  ['https://user:secret@files.example.com/a.png', /URLs with credentials are not allowed/],
  ['not a url', /not a valid URL/],
];

describe('media URLs passed on to the upstream follow the media policy', () => {
  const cases = CASES.flatMap((media) => REFUSED.map(([url, problem]) => [media.name, url, media, problem] as const));

  it.each(cases)(
    '%s: %s is a 400 in the caller style naming the field and the problem',
    async (_name, url, media, problem) => {
      const before = upstream.requests.length;
      const outcome = await readInbound(mode(media.style), await send(media, url));
      expect(outcome).toMatchObject({ kind: 'http-error', status: 400 });
      const message = outcome.kind === 'http-error' ? outcome.message : '';
      expect(message).toMatch(problem);
      expect(message).toContain(media.path);
      expect(message).not.toContain('secret');
      expect(upstream.requests.length).toBe(before);
    },
  );

  it.each(CASES.map((media) => [media.name, media] as const))(
    '%s: a public https URL goes through',
    async (_name, media) => {
      const outcome = await readInbound(mode(media.style), await send(media, 'https://files.example.com/a.png'));
      expect(outcome.kind, JSON.stringify(outcome)).toBe('complete');
      expect(violations).toEqual([]);
    },
  );

  it.each(CASES.map((media) => [media.name, media] as const))(
    '%s in an agent-sized body: refused and passed the same, the body relayed as its bytes',
    async (_name, media) => {
      const refused = await readInbound(mode(media.style), await send(media, 'http://10.1.2.3/a.png', true));
      expect(refused).toMatchObject({ kind: 'http-error', status: 400 });
      expect(refused.kind === 'http-error' ? refused.message : '').toContain(media.path);
      const before = upstream.requests.length;
      const sent = JSON.stringify(agentSized(media, media.body('https://files.example.com/a.png')));
      const outcome = await readInbound(mode(media.style), await send(media, 'https://files.example.com/a.png', true));
      expect(outcome.kind, JSON.stringify(outcome)).toBe('complete');
      const relayed = upstream.requests[before]?.body.toString('utf8') ?? '';
      const tail = (text: string) => text.slice(text.indexOf('"', text.indexOf(',')));
      expect(relayed.length).toBeGreaterThan(64 * 1024);
      if (media.style !== 'gemini') expect(tail(relayed)).toBe(tail(sent));
    },
  );

  it('Gemini fileData.fileUri also takes a Cloud Storage object (gs://), which Vertex AI reads itself', async () => {
    const gemini = CASES.find((media) => media.style === 'gemini') as MediaCase;
    const outcome = await readInbound(mode('gemini'), await send(gemini, 'gs://bucket/report.pdf'));
    expect(outcome.kind, JSON.stringify(outcome)).toBe('complete');
  });
});
