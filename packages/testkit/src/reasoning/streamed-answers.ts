/**
 * The verifying upstreams' answers as their providers stream them: text in several deltas (one a
 * word), so that a client or gateway that keeps only one fragment, or splits a signature from the
 * text it signs, is caught.
 */

import { isRecord, recordsIn } from './issued-artefacts.js';

/** A text in the fragments a provider streams it in: one per word, spaces kept. */
export function fragmentsOf(text: string): string[] {
  return text.match(/\S+\s*|\s+/g) ?? [];
}

function anthropicEvent(type: string, data: Record<string, unknown>): string {
  return `event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`;
}

/** One content block as Anthropic streams it: its empty start, its deltas, its stop. */
function anthropicBlockEvents(block: Record<string, unknown>, index: number): string[] {
  const delta = (payload: Record<string, unknown>) => anthropicEvent('content_block_delta', { index, delta: payload });
  const events: string[] = [];
  if (block.type === 'thinking') {
    events.push(
      anthropicEvent('content_block_start', {
        index,
        content_block: { type: 'thinking', thinking: '', signature: '' },
      }),
    );
    for (const piece of fragmentsOf(String(block.thinking)))
      events.push(delta({ type: 'thinking_delta', thinking: piece }));
    events.push(delta({ type: 'signature_delta', signature: block.signature }));
  } else if (block.type === 'text') {
    events.push(anthropicEvent('content_block_start', { index, content_block: { type: 'text', text: '' } }));
    for (const piece of fragmentsOf(String(block.text))) events.push(delta({ type: 'text_delta', text: piece }));
  } else if (block.type === 'tool_use') {
    events.push(anthropicEvent('content_block_start', { index, content_block: { ...block, input: {} } }));
    const json = JSON.stringify(block.input);
    const half = Math.floor(json.length / 2);
    events.push(
      delta({ type: 'input_json_delta', partial_json: json.slice(0, half) }),
      delta({ type: 'input_json_delta', partial_json: json.slice(half) }),
    );
  } else events.push(anthropicEvent('content_block_start', { index, content_block: block }));
  events.push(anthropicEvent('content_block_stop', { index }));
  return events;
}

/** An Anthropic Messages answer as its SSE stream. */
export function anthropicMessageSse(message: Record<string, unknown>): string {
  const usage = isRecord(message.usage) ? message.usage : {};
  const events = [
    anthropicEvent('message_start', {
      message: { ...message, content: [], stop_reason: null, usage: { ...usage, output_tokens: 1 } },
    }),
  ];
  recordsIn(message.content).forEach((block, index) => events.push(...anthropicBlockEvents(block, index)));
  events.push(
    anthropicEvent('message_delta', {
      delta: { stop_reason: message.stop_reason, stop_sequence: null },
      usage: { output_tokens: usage.output_tokens },
    }),
    anthropicEvent('message_stop', {}),
  );
  return events.join('');
}

/**
 * A Chat Completions answer as its SSE stream: role, `reasoning_content` and content a word a
 * delta, each call in two deltas, the usage chunk when the request asked for it.
 */
export function chatCompletionSse(completion: Record<string, unknown>, includeUsage: boolean): string {
  const { choices, usage, object: _object, ...head } = completion;
  const choice = recordsIn(choices)[0] ?? {};
  const message = isRecord(choice.message) ? choice.message : {};
  const chunk = (delta: Record<string, unknown>, finishReason: unknown = null) =>
    `data: ${JSON.stringify({ ...head, object: 'chat.completion.chunk', choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }] })}\n\n`;
  const chunks = [chunk({ role: 'assistant', content: '' })];
  for (const piece of fragmentsOf(String(message.reasoning_content ?? '')))
    chunks.push(chunk({ reasoning_content: piece }));
  for (const piece of fragmentsOf(typeof message.content === 'string' ? message.content : ''))
    chunks.push(chunk({ content: piece }));
  recordsIn(message.tool_calls).forEach((call, index) => {
    const fn = isRecord(call.function) ? call.function : {};
    chunks.push(
      chunk({ tool_calls: [{ index, id: call.id, type: 'function', function: { name: fn.name, arguments: '' } }] }),
    );
    chunks.push(chunk({ tool_calls: [{ index, function: { arguments: fn.arguments } }] }));
  });
  chunks.push(chunk({}, choice.finish_reason));
  if (includeUsage)
    chunks.push(`data: ${JSON.stringify({ ...head, object: 'chat.completion.chunk', choices: [], usage })}\n\n`);
  return `${chunks.join('')}data: [DONE]\n\n`;
}

/**
 * A Gemini answer as its SSE stream: a thought a word a chunk (a thought that carries a signature
 * ends with it on an empty thought part), every other part in a chunk of its own, the finish
 * reason and usage on the last.
 */
export function geminiAnswerSse(answer: Record<string, unknown>): string {
  const { candidates, usageMetadata, ...head } = answer;
  const candidate = recordsIn(candidates)[0] ?? {};
  const content = isRecord(candidate.content) ? candidate.content : {};
  const pieces: Record<string, unknown>[] = [];
  for (const part of recordsIn(content.parts)) {
    if (part.thought !== true) {
      pieces.push(part);
      continue;
    }
    for (const text of fragmentsOf(String(part.text ?? ''))) pieces.push({ text, thought: true });
    if (part.thoughtSignature !== undefined)
      pieces.push({ text: '', thought: true, thoughtSignature: part.thoughtSignature });
  }
  return pieces
    .map((part, i) => {
      const last = i === pieces.length - 1;
      const chunk = {
        ...head,
        candidates: [
          {
            content: { role: 'model', parts: [part] },
            index: 0,
            ...(last ? { finishReason: candidate.finishReason } : {}),
          },
        ],
        ...(last ? { usageMetadata } : {}),
      };
      return `data: ${JSON.stringify(chunk)}\r\n\r\n`;
    })
    .join('');
}
