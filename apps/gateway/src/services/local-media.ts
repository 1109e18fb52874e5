import { invalidRequest } from '@interlingua/ir';
import { completeAnswerHeaders } from '../commit/commit-stream.js';
import type { AudioInput } from './audio-service.js';
import type { ImagesInput } from './images-service.js';
import type { ServiceCall } from './service-call.js';
import { localTarget } from './retrieval-service.js';

/** The sizes OpenAI's images API description lets an answer name (those of the GPT image models). */
const ANSWER_SIZES: ReadonlySet<string> = new Set(['1024x1024', '1024x1536', '1536x1024']);
/** The mock draws without tokens. */
const MOCK_IMAGE_USAGE = {
  input_tokens: 0,
  input_tokens_details: { image_tokens: 0, text_tokens: 0 },
  output_tokens: 0,
  total_tokens: 0,
};

/**
 * Images from a provider answered in process (the mock draws a PNG from the prompt): answered
 * as OpenAI's images API does, `b64_json` (or a `data:` URL for `response_format: url`), or as
 * `image_generation.completed` / `image_edit.completed` events when streamed. False when the
 * route's first target is not such a provider.
 */
export async function answerLocalImages(call: ServiceCall, input: ImagesInput): Promise<boolean> {
  const adapter = localTarget(call, 'images')?.adapter;
  if (!adapter?.images) return false;
  const size = input.request.size ?? undefined;
  const stream = input.operation !== 'variations' && input.request.stream === true;
  // Only the GPT image models stream, and they draw only their own sizes: the mock refuses others as they would.
  if (stream && size !== undefined && size !== 'auto' && !ANSWER_SIZES.has(size)) {
    throw invalidRequest(
      `size: streamed images come in ${[...ANSWER_SIZES].join(', ')} or auto (the sizes of the models that stream images), not "${size}"`,
      'size',
    );
  }
  const prompt =
    input.operation === 'variations'
      ? `variation of ${input.form.files.image?.[0]?.filename ?? 'an image'}`
      : input.request.prompt;
  const images = adapter.images({
    prompt,
    ...(input.request.n ? { n: input.request.n } : {}),
    ...(size ? { size } : {}),
  });
  const created = Math.floor(Date.now() / 1000);
  const asUrl = input.request.response_format === 'url';
  const data = images.map((png) =>
    asUrl ? { url: `data:image/png;base64,${png.toString('base64')}` } : { b64_json: png.toString('base64') },
  );
  // An answer names its size only with a value the images API has for answers; a size drawn on request otherwise goes unnamed.
  const named = size !== undefined && ANSWER_SIZES.has(size) ? size : undefined;
  if (!stream) {
    call.sink.sendJson(
      200,
      { created, data, output_format: 'png', ...(named ? { size: named } : {}) },
      completeAnswerHeaders(call),
    );
    return true;
  }
  const type = input.operation === 'edits' ? 'image_edit.completed' : 'image_generation.completed';
  // Every field the completed event has: the mock's PNGs are opaque, its quality and (unless asked) size its own choice, its usage nothing.
  const fields = {
    created_at: created,
    output_format: 'png',
    size: named ?? 'auto',
    quality: 'auto',
    background: 'opaque',
    usage: MOCK_IMAGE_USAGE,
  };
  const events = images.map(
    (png) => `event: ${type}\ndata: ${JSON.stringify({ type, b64_json: png.toString('base64'), ...fields })}\n\n`,
  );
  call.sink.send(200, 'text/event-stream', events.join(''), completeAnswerHeaders(call));
  return true;
}

/**
 * Speech, transcriptions and translations from a provider answered in process: the mock's WAV
 * (raw samples for `pcm`; as `speech.audio.delta` events for `stream_format: sse`), or its
 * sentence describing the upload in every transcript format (`json`, `text`, `verbose_json`,
 * `srt`, `vtt`; `transcript.text.delta` events when streamed). False when the route's first
 * target is not such a provider.
 */
export async function answerLocalAudio(call: ServiceCall, input: AudioInput): Promise<boolean> {
  if (input.operation === 'speech') {
    const adapter = localTarget(call, 'speech')?.adapter;
    if (!adapter?.speech) return false;
    const { audio, contentType } = adapter.speech(
      input.request.input,
      input.request.response_format,
      input.request.speed ?? undefined,
    );
    if (input.request.stream_format === 'sse') {
      const delta = { type: 'speech.audio.delta', audio: audio.toString('base64') };
      const done = { type: 'speech.audio.done', usage: { input_tokens: 0, output_tokens: 0, total_tokens: 0 } };
      call.sink.send(
        200,
        'text/event-stream',
        `data: ${JSON.stringify(delta)}\n\ndata: ${JSON.stringify(done)}\n\n`,
        completeAnswerHeaders(call),
      );
    } else {
      call.sink.send(200, contentType, audio, completeAnswerHeaders(call));
    }
    return true;
  }
  const adapter = localTarget(call, 'transcribe')?.adapter;
  if (!adapter?.transcribe) return false;
  const task = input.operation === 'transcriptions' ? 'transcribe' : 'translate';
  const transcript = adapter.transcribe(task, input.file.data, input.file.filename);
  const duration = transcript.durationSeconds ?? 0;
  if (input.operation === 'transcriptions' && input.request.stream === true) {
    const words = transcript.text.match(/\S+\s*/g) ?? [];
    const events = [
      ...words.map((delta) => ({ type: 'transcript.text.delta', delta })),
      { type: 'transcript.text.done', text: transcript.text },
    ];
    call.sink.send(
      200,
      'text/event-stream',
      events.map((event) => `data: ${JSON.stringify(event)}\n\n`).join(''),
      completeAnswerHeaders(call),
    );
    return true;
  }
  const format = input.request.response_format ?? 'json';
  const headers = completeAnswerHeaders(call);
  if (format === 'text') call.sink.send(200, 'text/plain; charset=utf-8', transcript.text, headers);
  else if (format === 'srt')
    call.sink.send(
      200,
      'text/plain; charset=utf-8',
      `1\n00:00:00,000 --> ${timestamp(duration, ',')}\n${transcript.text}\n`,
      headers,
    );
  else if (format === 'vtt')
    call.sink.send(
      200,
      'text/vtt; charset=utf-8',
      `WEBVTT\n\n00:00:00.000 --> ${timestamp(duration, '.')}\n${transcript.text}\n`,
      headers,
    );
  else if (format === 'verbose_json') {
    const segment = {
      id: 0,
      seek: 0,
      start: 0,
      end: duration,
      text: transcript.text,
      tokens: [],
      temperature: 0,
      avg_logprob: 0,
      compression_ratio: 1,
      no_speech_prob: 0,
    };
    call.sink.sendJson(
      200,
      { task, language: 'english', duration, text: transcript.text, segments: [segment] },
      headers,
    );
  } else call.sink.sendJson(200, { text: transcript.text }, headers);
  return true;
}

function timestamp(seconds: number, separator: string): string {
  const ms = Math.max(1, Math.round(seconds * 1000));
  const pad = (value: number, width = 2): string => String(value).padStart(width, '0');
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}${separator}${pad(ms % 1000, 3)}`;
}
