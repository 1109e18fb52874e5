import { Buffer } from 'node:buffer';
import { chatAgentBody, messagesAgentBody, responsesAgentBody } from './agent-conversation.mjs';

/**
 * The requests the load generator sends, as the official SDKs would: bodies built once as
 * Buffers, with the credentials and headers of each API style. The same request goes to every
 * target (direct, gateway, floors); only the gateway reads the key.
 *
 * @typedef {import('./load-generator.mjs').RequestSpec} RequestSpec
 */

/** The gateway key in the generated config (sent to every target). */
export const GATEWAY_KEY = 'bench-gateway-key-4f1c9a7e2b';

const PROMPT = 'Invent a new holiday and describe its traditions in a few paragraphs.';
const SYSTEM = 'You are a helpful assistant. Answer clearly and concisely.';

/** @param {boolean} stream */
function openAiHeaders(stream) {
  return {
    'content-type': 'application/json',
    accept: stream ? 'text/event-stream' : 'application/json',
    authorization: `Bearer ${GATEWAY_KEY}`,
    'user-agent': 'OpenAI/JS 6.9.0',
  };
}

/** @param {unknown} body */
const buffer = (body) => Buffer.from(JSON.stringify(body));

/**
 * A short OpenAI chat request (routed to the OpenAI-style upstream: the fast path).
 * @param {boolean} stream
 * @param {string} [model] the model the request names (default `gpt-4.1-mini`)
 * @returns {RequestSpec}
 */
export function chatRequest(stream, model = 'gpt-4.1-mini') {
  const body = {
    model,
    messages: [
      { role: 'system', content: SYSTEM },
      { role: 'user', content: PROMPT },
    ],
    temperature: 0.7,
    ...(stream ? { stream: true } : {}),
  };
  return { path: '/v1/chat/completions', headers: openAiHeaders(stream), body: buffer(body), sse: stream };
}

/** The tool definitions of a coding agent (names, descriptions, JSON schemas). */
function agentTools() {
  const names = [
    'read_file',
    'write_file',
    'edit_file',
    'list_directory',
    'search_files',
    'run_command',
    'git_diff',
    'git_status',
    'run_tests',
    'open_url',
    'ask_user',
    'todo_write',
  ];
  return names.map((name) => ({
    type: 'function',
    function: {
      name,
      description: `${name.replace(/_/g, ' ')}: use this tool when the task needs it. Prefer small, targeted calls; never guess file contents; report errors back to the user plainly.`,
      parameters: {
        type: 'object',
        properties: {
          path: { type: 'string', description: 'Absolute path inside the workspace.' },
          content: { type: 'string', description: 'Text to write or the pattern to search for.' },
          options: {
            type: 'object',
            properties: { recursive: { type: 'boolean' }, limit: { type: 'integer', minimum: 1, maximum: 1000 } },
            additionalProperties: false,
          },
        },
        required: ['path'],
        additionalProperties: false,
      },
    },
  }));
}

/** Source-code-like text for tool results. @param {number} lines */
function codeLines(lines) {
  return Array.from(
    { length: lines },
    (_, i) =>
      `export function step${i}(input: Record<string, unknown>): string { return JSON.stringify({ step: ${i}, input }); }`,
  ).join('\n');
}

/**
 * A 64 KB coding-agent request: a long system prompt, twelve tools, and a history of tool calls
 * and results, streamed (OpenAI chat, fast path; the gateway adds `include_usage`).
 * @returns {RequestSpec}
 */
export function agentRequest() {
  const messages = [
    {
      role: 'system',
      content: `${SYSTEM}\n${'Follow the repository conventions. Keep edits minimal and explain each change. '.repeat(60)}`,
    },
  ];
  messages.push({
    role: 'user',
    content: 'The tests in packages/core fail after the last refactor. Find out why and fix them.',
  });
  for (let turn = 0; turn < 12; turn++) {
    const id = `call_${turn.toString().padStart(4, '0')}abcdefghij`;
    messages.push(
      /** @type {never} */ ({
        role: 'assistant',
        content: null,
        tool_calls: [
          {
            id,
            type: 'function',
            function: {
              name: 'read_file',
              arguments: JSON.stringify({ path: `/workspace/packages/core/src/module-${turn}.ts` }),
            },
          },
        ],
      }),
    );
    messages.push(/** @type {never} */ ({ role: 'tool', tool_call_id: id, content: codeLines(28) }));
  }
  const body = {
    model: 'gpt-4.1-mini',
    messages,
    tools: agentTools(),
    tool_choice: 'auto',
    parallel_tool_calls: true,
    stream: true,
  };
  let text = JSON.stringify(body);
  const missing = 64 * 1024 - Buffer.byteLength(text);
  if (missing > 0) {
    messages.push({ role: 'user', content: `Context: ${'x'.repeat(Math.max(0, missing - 40))}` });
    text = JSON.stringify(body);
  }
  return { path: '/v1/chat/completions', headers: openAiHeaders(true), body: Buffer.from(text), sse: true };
}

/**
 * An Anthropic Messages request for `model` (cross-style when it routes to OpenAI).
 * @param {string} model
 * @param {boolean} stream
 * @returns {RequestSpec}
 */
export function messagesRequest(model, stream) {
  const body = {
    model,
    max_tokens: 1024,
    system: SYSTEM,
    messages: [{ role: 'user', content: PROMPT }],
    ...(stream ? { stream: true } : {}),
  };
  return { path: '/v1/messages', headers: anthropicHeaders(stream), body: buffer(body), sse: stream };
}

/**
 * An Anthropic Messages stream request for `model` (cross-style when it routes to OpenAI).
 * @param {string} model
 * @returns {RequestSpec}
 */
export function messagesStreamRequest(model) {
  return messagesRequest(model, true);
}

/**
 * An OpenAI Responses stream request for `model` (cross-style when it routes to Anthropic).
 * `store: false`: the bench measures translation, not the response store.
 * @param {string} model
 * @returns {RequestSpec}
 */
export function responsesStreamRequest(model) {
  const body = { model, instructions: SYSTEM, input: PROMPT, max_output_tokens: 1024, store: false, stream: true };
  return { path: '/v1/responses', headers: openAiHeaders(true), body: buffer(body), sse: true };
}

/** A Gemini `streamGenerateContent?alt=sse` request (fast path to the Gemini upstream). @returns {RequestSpec} */
export function geminiStreamRequest() {
  const body = {
    systemInstruction: { parts: [{ text: SYSTEM }] },
    contents: [{ role: 'user', parts: [{ text: PROMPT }] }],
    generationConfig: { maxOutputTokens: 1024 },
  };
  const headers = {
    'content-type': 'application/json',
    'x-goog-api-key': GATEWAY_KEY,
    'user-agent': 'google-genai-sdk/2.0.0',
  };
  return {
    path: '/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse',
    headers,
    body: buffer(body),
    sse: true,
  };
}

/** An OpenAI embeddings request (one sentence, float vectors). @returns {RequestSpec} */
export function embeddingsRequest() {
  const body = {
    model: 'text-embedding-3-small',
    input: 'The food was delicious and the waiter was very friendly.',
    encoding_format: 'float',
  };
  return { path: '/v1/embeddings', headers: openAiHeaders(false), body: buffer(body), sse: false };
}

/** Anthropic SDK headers. @param {boolean} stream */
function anthropicHeaders(stream) {
  return {
    'content-type': 'application/json',
    accept: stream ? 'text/event-stream' : 'application/json',
    'x-api-key': GATEWAY_KEY,
    'anthropic-version': '2023-06-01',
    'user-agent': 'Anthropic/JS 1.0.0',
  };
}

/**
 * A coding agent's turn (the whole conversation with its tools, `agent-conversation.mjs`) of about
 * `kb` KB in the caller style `style`, streamed, for `model` (translated when the model's
 * upstream speaks another style).
 * @param {'chat' | 'messages' | 'responses'} style
 * @param {string} model
 * @param {number} kb
 * @returns {RequestSpec}
 */
export function agentTurnRequest(style, model, kb) {
  const bytes = kb * 1024;
  if (style === 'messages')
    return { path: '/v1/messages', headers: anthropicHeaders(true), body: messagesAgentBody(model, bytes), sse: true };
  if (style === 'responses')
    return { path: '/v1/responses', headers: openAiHeaders(true), body: responsesAgentBody(model, bytes), sse: true };
  return { path: '/v1/chat/completions', headers: openAiHeaders(true), body: chatAgentBody(model, bytes), sse: true };
}
