import { Buffer } from 'node:buffer';
import { createServer } from 'node:http';
import process from 'node:process';
import { setTimeout } from 'node:timers';
import {
  anthropicJson,
  anthropicStream,
  geminiJson,
  geminiStream,
  openAiChatJson,
  openAiChatStream,
  openAiEmbeddingsJson,
  responsesStream,
} from './upstream-answers.mjs';

/**
 * The loopback upstream, run as a child process (`fork`): plain node:http answering OpenAI chat,
 * Anthropic Messages, OpenAI Responses, Gemini and embeddings requests with fixed answers. The
 * parent sets the stream profile (time to first token, chunk count, gap between chunks) over IPC
 * before each scenario, and reads how many streams were open at once.
 *
 * @typedef {{ ttftMs: number; chunks: number; gapMs: number }} StreamProfile
 */

/** @type {StreamProfile} */
let profile = { ttftMs: 0, chunks: 20, gapMs: 0 };
const stats = { requests: 0, active: 0, maxActive: 0 };
/** @type {Map<string, Buffer[]>} */
const streamCache = new Map();

const JSON_ANSWERS = {
  chat: openAiChatJson(),
  messages: anthropicJson(),
  gemini: geminiJson(),
  embeddings: openAiEmbeddingsJson(),
};

const STREAM_BUILDERS = {
  /** @param {number} chunks @param {boolean} usage */
  chat: (chunks, usage) => openAiChatStream(chunks, usage),
  /** @param {number} chunks */
  messages: (chunks) => anthropicStream(chunks),
  /** @param {number} chunks */
  responses: (chunks) => responsesStream(chunks),
  /** @param {number} chunks */
  gemini: (chunks) => geminiStream(chunks),
};

/**
 * Which API a request path belongs to, and whether a Gemini path asks for a stream.
 * @param {string} url
 * @returns {{ api: 'chat' | 'messages' | 'responses' | 'embeddings' | 'gemini' | undefined; geminiStream: boolean }}
 */
function routeOf(url) {
  const path = url.split('?')[0] ?? '';
  if (path === '/v1/chat/completions') return { api: 'chat', geminiStream: false };
  if (path === '/v1/messages') return { api: 'messages', geminiStream: false };
  if (path === '/v1/responses') return { api: 'responses', geminiStream: false };
  if (path === '/v1/embeddings') return { api: 'embeddings', geminiStream: false };
  if (path.startsWith('/v1beta/models/')) {
    if (path.endsWith(':streamGenerateContent')) return { api: 'gemini', geminiStream: true };
    if (path.endsWith(':generateContent')) return { api: 'gemini', geminiStream: false };
  }
  return { api: undefined, geminiStream: false };
}

/**
 * @param {import('node:http').IncomingMessage} request
 * @param {import('node:http').ServerResponse} response
 */
function handle(request, response) {
  /** @type {Buffer[]} */
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', () => {
    stats.requests++;
    const body = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks);
    answer(request.url ?? '/', body ?? Buffer.alloc(0), response);
  });
}

/**
 * @param {string} url
 * @param {Buffer} body
 * @param {import('node:http').ServerResponse} response
 */
function answer(url, body, response) {
  const { api, geminiStream } = routeOf(url);
  if (api === undefined)
    return sendJson(response, 404, Buffer.from('{"error":{"message":"unknown path","type":"invalid_request_error"}}'));
  const stream = api === 'gemini' ? geminiStream : body.indexOf('"stream":true') !== -1;
  if (!stream) {
    if (api === 'responses')
      return sendJson(
        response,
        400,
        Buffer.from('{"error":{"message":"the bench upstream streams Responses only","type":"invalid_request_error"}}'),
      );
    const json = JSON_ANSWERS[api];
    if (profile.ttftMs > 0) setTimeout(() => sendJson(response, 200, json), profile.ttftMs);
    else sendJson(response, 200, json);
    return;
  }
  if (api === 'embeddings')
    return sendJson(
      response,
      400,
      Buffer.from('{"error":{"message":"embeddings do not stream","type":"invalid_request_error"}}'),
    );
  const usage = api === 'chat' && body.indexOf('"include_usage":true') !== -1;
  const key = `${api}:${profile.chunks}:${usage}`;
  let events = streamCache.get(key);
  if (!events) {
    events = STREAM_BUILDERS[api](profile.chunks, usage);
    streamCache.set(key, events);
  }
  sendStream(response, events, profile);
}

/**
 * @param {import('node:http').ServerResponse} response
 * @param {number} status
 * @param {Buffer} body
 */
function sendJson(response, status, body) {
  response.writeHead(status, {
    'content-type': 'application/json',
    'content-length': body.length,
    'x-request-id': 'req_bench_upstream',
  });
  response.end(body);
}

/**
 * Sends the head at once, the first event group after `ttftMs`, then one group every `gapMs`
 * (back to back when 0: separate writes, no batching).
 * @param {import('node:http').ServerResponse} response
 * @param {Buffer[]} events
 * @param {StreamProfile} pace
 */
function sendStream(response, events, pace) {
  response.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    'x-request-id': 'req_bench_upstream',
  });
  response.flushHeaders();
  stats.active++;
  if (stats.active > stats.maxActive) stats.maxActive = stats.active;
  let index = 0;
  let open = true;
  const finish = () => {
    if (!open) return;
    open = false;
    stats.active--;
  };
  response.once('close', finish);
  const next = () => {
    if (response.destroyed) return finish();
    if (pace.gapMs === 0) {
      while (index < events.length) response.write(/** @type {Buffer} */ (events[index++]));
    } else {
      response.write(/** @type {Buffer} */ (events[index++]));
    }
    if (index >= events.length) {
      response.end();
      finish();
    } else {
      setTimeout(next, pace.gapMs);
    }
  };
  if (pace.ttftMs > 0) setTimeout(next, pace.ttftMs);
  else next();
}

const server = createServer(handle);
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;
server.requestTimeout = 0;
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.send?.({ type: 'listening', port: typeof address === 'object' && address ? address.port : 0 });
});

process.on('message', (message) => {
  const m = /** @type {{ type: string; profile?: StreamProfile }} */ (message);
  if (m.type === 'profile' && m.profile) {
    profile = m.profile;
    process.send?.({ type: 'profile-set' });
  } else if (m.type === 'stats') {
    process.send?.({ type: 'stats', stats: { ...stats } });
    stats.maxActive = stats.active;
  }
});
process.on('disconnect', () => process.exit(0));
