import { Buffer } from 'node:buffer';

/**
 * Fixed, realistic provider answers for the loopback upstream: shapes follow the recordings in
 * packages/testkit/recorded (field order and sizes), with a generated text. Every answer is built
 * once and cached as Buffers, so the upstream spends as little CPU as it can per request.
 */

const TEXT =
  'Galaxy Day celebrates the vastness of the universe and our shared curiosity about the cosmos. ' +
  'Communities gather in parks and on rooftops, set up telescopes and share stories about the ' +
  'constellations, while schools and museums open planetarium shows and workshops for every age. ' +
  'Families light lanterns in homage to distant stars, a reminder that even the smallest light ' +
  'can reach across a vast darkness, and friends around the world connect to share what they saw.';

const WORDS = TEXT.split(' ').map((word, index) => (index === 0 ? word : ` ${word}`));
const CREATED = 1770933892;

/** @param {number} count */
export function deltaTexts(count) {
  return Array.from({ length: count }, (_, i) => WORDS[i % WORDS.length] ?? '');
}

/** @param {unknown} value */
const json = (value) => JSON.stringify(value);

/** @param {string} data */
const dataEvent = (data) => `data: ${data}\n\n`;

/**
 * @param {string} type
 * @param {unknown} value
 */
const namedEvent = (type, value) => `event: ${type}\ndata: ${json(value)}\n\n`;

/**
 * Groups an answer's events into the writes the upstream makes: the preamble travels with the
 * first delta, the closing events with the last one.
 * @param {string[]} preamble
 * @param {string[]} deltas
 * @param {string[]} closing
 * @returns {Buffer[]}
 */
function groups(preamble, deltas, closing) {
  const out = deltas.map((delta) => delta);
  out[0] = preamble.join('') + (out[0] ?? '');
  out[out.length - 1] = (out[out.length - 1] ?? '') + closing.join('');
  return out.map((text) => Buffer.from(text));
}

/**
 * An OpenAI chat completion stream. With `includeUsage`, every chunk carries `"usage":null` and a
 * usage-only chunk (`choices: []`) precedes `[DONE]`, as OpenAI sends it.
 * @param {number} chunks
 * @param {boolean} includeUsage
 */
export function openAiChatStream(chunks, includeUsage) {
  const base = {
    id: 'chatcmpl-D8Z5oo6uDh67AD85p73ksdT1KxhE0',
    object: 'chat.completion.chunk',
    created: CREATED,
    model: 'gpt-4.1-mini-2025-04-14',
    service_tier: 'default',
    system_fingerprint: 'fp_de604bd877',
  };
  const usage = includeUsage ? { usage: null } : {};
  /** @param {Record<string, unknown>} delta @param {string | null} finish */
  const chunk = (delta, finish) =>
    dataEvent(json({ ...base, choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }], ...usage }));
  const preamble = [chunk({ role: 'assistant', content: '', refusal: null }, null)];
  const deltas = deltaTexts(chunks).map((text) => chunk({ content: text }, null));
  const closing = [chunk({}, 'stop')];
  if (includeUsage) {
    const totals = {
      prompt_tokens: 16,
      completion_tokens: chunks,
      total_tokens: 16 + chunks,
      prompt_tokens_details: { cached_tokens: 0, audio_tokens: 0 },
      completion_tokens_details: {
        reasoning_tokens: 0,
        audio_tokens: 0,
        accepted_prediction_tokens: 0,
        rejected_prediction_tokens: 0,
      },
    };
    closing.push(dataEvent(json({ ...base, choices: [], usage: totals })));
  }
  closing.push('data: [DONE]\n\n');
  return groups(preamble, deltas, closing);
}

/** An Anthropic Messages stream (`message_start` … `message_stop`). @param {number} chunks */
export function anthropicStream(chunks) {
  const message = {
    model: 'claude-sonnet-4-5-20250929',
    id: 'msg_018E1hg8GoVTGEKQY3ovMcSJ',
    type: 'message',
    role: 'assistant',
    content: [],
    stop_reason: null,
    stop_sequence: null,
    usage: {
      input_tokens: 20,
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 0,
      output_tokens: 1,
      service_tier: 'standard',
    },
  };
  const preamble = [
    namedEvent('message_start', { type: 'message_start', message }),
    namedEvent('content_block_start', {
      type: 'content_block_start',
      index: 0,
      content_block: { type: 'text', text: '' },
    }),
    namedEvent('ping', { type: 'ping' }),
  ];
  const deltas = deltaTexts(chunks).map((text) =>
    namedEvent('content_block_delta', { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text } }),
  );
  const closing = [
    namedEvent('content_block_stop', { type: 'content_block_stop', index: 0 }),
    namedEvent('message_delta', {
      type: 'message_delta',
      delta: { stop_reason: 'end_turn', stop_sequence: null },
      usage: { input_tokens: 20, cache_creation_input_tokens: 0, cache_read_input_tokens: 0, output_tokens: chunks },
    }),
    namedEvent('message_stop', { type: 'message_stop' }),
  ];
  return groups(preamble, deltas, closing);
}

/** A Gemini `streamGenerateContent?alt=sse` stream (CRLF event separators, as Google sends). @param {number} chunks */
export function geminiStream(chunks) {
  const texts = deltaTexts(chunks);
  const events = texts.map((text, i) => {
    const last = i === texts.length - 1;
    const candidate = {
      content: { parts: [{ text }], role: 'model' },
      ...(last ? { finishReason: 'STOP' } : {}),
      index: 0,
    };
    const usageMetadata = last
      ? {
          promptTokenCount: 15,
          candidatesTokenCount: chunks,
          totalTokenCount: 15 + chunks,
          promptTokensDetails: [{ modality: 'TEXT', tokenCount: 15 }],
        }
      : { promptTokenCount: 15, totalTokenCount: 15, promptTokensDetails: [{ modality: 'TEXT', tokenCount: 15 }] };
    return `data: ${json({ candidates: [candidate], usageMetadata, modelVersion: 'gemini-2.5-flash', responseId: 'w1peaMz6INOvnvgPgYfPiQY' })}\r\n\r\n`;
  });
  return events.map((text) => Buffer.from(text));
}

/** An OpenAI Responses stream (`response.created` … `response.completed`). @param {number} chunks */
export function responsesStream(chunks) {
  const texts = deltaTexts(chunks);
  const full = texts.join('');
  const itemId = 'msg_681e3e15a8608191aea93e9864c0dce8047f076151f76bcc';
  /** @param {string} status @param {unknown[]} output @param {unknown} usage */
  const response = (status, output, usage) => ({
    id: 'resp_681e3e15125c8191afb05fabbf3b86d6047f076151f76bcc',
    object: 'response',
    created_at: CREATED,
    status,
    error: null,
    incomplete_details: null,
    instructions: null,
    max_output_tokens: null,
    model: 'gpt-4.1-2025-04-14',
    output,
    parallel_tool_calls: true,
    previous_response_id: null,
    reasoning: { effort: null, summary: null },
    service_tier: 'default',
    store: false,
    temperature: 1.0,
    text: { format: { type: 'text' } },
    tool_choice: 'auto',
    tools: [],
    top_p: 1.0,
    truncation: 'disabled',
    usage,
    user: null,
    metadata: {},
  });
  const part = (text = '') => ({ type: 'output_text', annotations: [], text });
  const item = { id: itemId, type: 'message', status: 'completed', content: [part(full)], role: 'assistant' };
  const ids = { item_id: itemId, output_index: 0, content_index: 0 };
  const preamble = [
    namedEvent('response.created', { type: 'response.created', response: response('in_progress', [], null) }),
    namedEvent('response.in_progress', { type: 'response.in_progress', response: response('in_progress', [], null) }),
    namedEvent('response.output_item.added', {
      type: 'response.output_item.added',
      output_index: 0,
      item: { id: itemId, type: 'message', status: 'in_progress', content: [], role: 'assistant' },
    }),
    namedEvent('response.content_part.added', { type: 'response.content_part.added', ...ids, part: part() }),
  ];
  const deltas = texts.map((delta) =>
    namedEvent('response.output_text.delta', { type: 'response.output_text.delta', ...ids, delta }),
  );
  const usage = {
    input_tokens: 9,
    input_tokens_details: { cached_tokens: 0 },
    output_tokens: chunks,
    output_tokens_details: { reasoning_tokens: 0 },
    total_tokens: 9 + chunks,
  };
  const closing = [
    namedEvent('response.output_text.done', { type: 'response.output_text.done', ...ids, text: full }),
    namedEvent('response.content_part.done', { type: 'response.content_part.done', ...ids, part: part(full) }),
    namedEvent('response.output_item.done', { type: 'response.output_item.done', output_index: 0, item }),
    namedEvent('response.completed', { type: 'response.completed', response: response('completed', [item], usage) }),
  ];
  return groups(preamble, deltas, closing);
}

const ANSWER_TEXT = deltaTexts(60).join('');

/** A non-streaming OpenAI chat completion (~1 KB). */
export function openAiChatJson() {
  return Buffer.from(
    json({
      id: 'chatcmpl-D8Z5f52zQqikDBEKQMQoYcWMcWPeU',
      object: 'chat.completion',
      created: CREATED,
      model: 'gpt-4.1-mini-2025-04-14',
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content: ANSWER_TEXT, refusal: null, annotations: [] },
          logprobs: null,
          finish_reason: 'stop',
        },
      ],
      usage: {
        prompt_tokens: 16,
        completion_tokens: 60,
        total_tokens: 76,
        prompt_tokens_details: { cached_tokens: 0, audio_tokens: 0 },
        completion_tokens_details: {
          reasoning_tokens: 0,
          audio_tokens: 0,
          accepted_prediction_tokens: 0,
          rejected_prediction_tokens: 0,
        },
      },
      service_tier: 'default',
      system_fingerprint: 'fp_de604bd877',
    }),
  );
}

/** A non-streaming Anthropic message. */
export function anthropicJson() {
  return Buffer.from(
    json({
      model: 'claude-sonnet-4-5-20250929',
      id: 'msg_01VdEjxAP5ahtHKrrRdNBteQ',
      type: 'message',
      role: 'assistant',
      content: [{ type: 'text', text: ANSWER_TEXT }],
      stop_reason: 'end_turn',
      stop_sequence: null,
      usage: {
        input_tokens: 12,
        cache_creation_input_tokens: 0,
        cache_read_input_tokens: 0,
        output_tokens: 60,
        service_tier: 'standard',
      },
    }),
  );
}

/** A non-streaming Gemini `generateContent` answer. */
export function geminiJson() {
  return Buffer.from(
    json({
      candidates: [{ content: { parts: [{ text: ANSWER_TEXT }], role: 'model' }, finishReason: 'STOP', index: 0 }],
      usageMetadata: {
        promptTokenCount: 9,
        candidatesTokenCount: 60,
        totalTokenCount: 69,
        promptTokensDetails: [{ modality: 'TEXT', tokenCount: 9 }],
      },
      modelVersion: 'gemini-2.5-flash',
      responseId: 'Un6LacrVMcjUxs0PmJfWoQc',
    }),
  );
}

/** An OpenAI embeddings answer: one 1,536-dimension float vector (~20 KB, like text-embedding-3-small). */
export function openAiEmbeddingsJson() {
  let seed = 42;
  const next = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return Math.round((seed / 2147483648 - 0.5) * 0.08 * 1e9) / 1e9;
  };
  const embedding = Array.from({ length: 1536 }, next);
  return Buffer.from(
    json({
      object: 'list',
      data: [{ object: 'embedding', index: 0, embedding }],
      model: 'text-embedding-3-small',
      usage: { prompt_tokens: 9, total_tokens: 9 },
    }),
  );
}
