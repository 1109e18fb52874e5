import { IrError, type IrResponse, type IrStreamEvent } from '@interlingua/ir';
import { listRecordings } from '@interlingua/testkit';
import { describe, expect, it } from 'vitest';
import { parseAudioWire } from './audio-invalid-request.js';
import { transcriptionFromIr } from './ir-to-transcription.js';
import {
  openAiTranscriptionFieldsSchema,
  openAiTranslationFieldsSchema,
  type OpenAiTranscriptionFields,
} from './openai-transcription-request-schema.js';
import {
  openAiTranscriptionResponseSchema,
  openAiTranscriptionStreamEventSchema,
  openAiTranscriptionStrictResponseSchema,
} from './openai-transcription-response-schema.js';
import { transcriptionRequestToIr } from './transcription-request-to-ir.js';
import { createTranscriptionStreamEncoder } from './transcription-stream-encoder.js';

const fields = (form: Record<string, string | string[]>): OpenAiTranscriptionFields =>
  parseAudioWire(openAiTranscriptionFieldsSchema, { model: 'm', ...form });
const wav = { base64: 'UklGRg==', filename: 'a.wav' };

function thrown(run: () => unknown): IrError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(IrError);
    return error as IrError;
  }
  throw new Error('expected an IrError');
}

describe('transcription fields', () => {
  it('read multipart strings: numbers, booleans and key[] lists', () => {
    expect(
      fields({ temperature: '0.3', stream: 'true', timestamp_granularities: 'word', include: ['logprobs'] }),
    ).toMatchObject({ temperature: 0.3, stream: true, timestamp_granularities: ['word'], include: ['logprobs'] });
    expect(thrown(() => fields({ temperature: 'hot' })).data.param).toBe('temperature');
    expect(thrown(() => fields({ timestamp_granularities: ['word', 'line'] })).data.param).toMatch(
      /^timestamp_granularities/,
    );
    expect(
      thrown(() => parseAudioWire(openAiTranslationFieldsSchema, { model: 'm', response_format: 'diarized_json' })).data
        .param,
    ).toBe('response_format');
  });
});

describe('transcriptionRequestToIr (Gemini audio understanding)', () => {
  it('asks for a verbatim transcript, with language and prompt as hints, the audio inline, temperature 0 by default', () => {
    const { value, warnings } = transcriptionRequestToIr(
      fields({ language: 'fr', prompt: 'Interlingua', chunking_strategy: 'auto' }),
      wav,
      'gemini-2.5-flash',
      'gemini',
    );
    expect(value.messages[1]).toEqual({
      role: 'user',
      content: [{ type: 'file', mediaType: 'audio/wav', source: { kind: 'base64', data: 'UklGRg==' } }],
    });
    const instruction = value.messages[0]?.content[0];
    expect(instruction?.type === 'text' && instruction.text).toMatch(/Transcribe the speech.*"fr".*Interlingua/s);
    expect(value.sampling).toEqual({ temperature: 0 });
    expect(value.stream).toBe(false);
    expect(warnings.map((w) => w.field)).toEqual(['chunking_strategy']);
  });

  it.each([
    [{ response_format: 'verbose_json' }, 'response_format'],
    [{ response_format: 'srt' }, 'response_format'],
    [{ response_format: 'vtt' }, 'response_format'],
    [{ response_format: 'diarized_json' }, 'response_format'],
    [{ timestamp_granularities: ['segment'] }, 'timestamp_granularities'],
    [{ include: ['logprobs'] }, 'include'],
  ])('refuses %j: Gemini answers text without timestamps', (form, param) => {
    expect(thrown(() => transcriptionRequestToIr(fields(form), wav, 'm', 'gemini')).data).toMatchObject({
      kind: 'unsupported',
      param,
    });
  });

  it('names the audio by content type or extension, and refuses formats Gemini cannot read', () => {
    const mediaType = (upload: { contentType?: string; filename?: string }) => {
      const part = transcriptionRequestToIr(fields({}), { base64: 'AA==', ...upload }, 'm', 'gemini').value.messages[1]
        ?.content[0];
      return part?.type === 'file' ? part.mediaType : undefined;
    };
    expect(mediaType({ contentType: 'audio/mpeg', filename: 'x' })).toBe('audio/mp3');
    expect(mediaType({ contentType: 'application/octet-stream', filename: 'talk.FLAC' })).toBe('audio/flac');
    expect(
      thrown(() => transcriptionRequestToIr(fields({}), { base64: 'AA==', filename: 'talk.m4a' }, 'm', 'gemini'))
        .message,
    ).toContain('audio format m4a is not supported by gemini');
  });
});

describe('transcription answers', () => {
  const answer = (text: string, unified: 'stop' | 'content-filter' = 'stop'): IrResponse => ({
    id: 'r',
    model: 'm',
    created: 0,
    choices: [
      {
        index: 0,
        content: [{ type: 'text', text }],
        finishReason: { unified, raw: unified === 'stop' ? 'STOP' : 'SAFETY' },
      },
    ],
    usage: { inputTokens: 100, outputTokens: 5, totalTokens: 105 },
  });

  it('answers json with token usage (strict schema) or text/plain', () => {
    const json = transcriptionFromIr(answer(' Hello.\n'), 'json', 'gemini');
    expect(json.contentType).toBe('application/json');
    expect(openAiTranscriptionStrictResponseSchema.parse(JSON.parse(json.body))).toEqual({
      text: 'Hello.',
      usage: { type: 'tokens', input_tokens: 100, output_tokens: 5, total_tokens: 105 },
    });
    expect(transcriptionFromIr(answer('Hello.'), 'text', 'gemini')).toEqual({
      contentType: 'text/plain; charset=utf-8',
      body: 'Hello.',
    });
    expect(thrown(() => transcriptionFromIr(answer('', 'content-filter'), 'json', 'gemini')).data).toMatchObject({
      status: 400,
      code: 'content_policy_violation',
    });
  });

  it('streams deltas then done, whatever order usage comes in', () => {
    const encoder = createTranscriptionStreamEncoder();
    const events: IrStreamEvent[] = [
      { type: 'response-start', id: 'r', model: 'm', created: 0 },
      { type: 'text-start', index: 0 },
      { type: 'text-delta', index: 0, delta: 'Hel' },
      { type: 'usage-update', usage: { inputTokens: 3, outputTokens: 1, totalTokens: 4 } },
      { type: 'text-delta', index: 0, delta: '' },
      { type: 'text-delta', index: 0, delta: 'lo' },
      { type: 'text-end', index: 0 },
      { type: 'finish', finishReason: { unified: 'stop', raw: 'STOP' } },
    ];
    const out = [...events.flatMap((event) => encoder.push(event)), ...encoder.end()].map((message) =>
      openAiTranscriptionStreamEventSchema.parse(JSON.parse(message.data)),
    );
    expect(out).toEqual([
      { type: 'transcript.text.delta', delta: 'Hel' },
      { type: 'transcript.text.delta', delta: 'lo' },
      {
        type: 'transcript.text.done',
        text: 'Hello',
        usage: { type: 'tokens', input_tokens: 3, output_tokens: 1, total_tokens: 4 },
      },
    ]);
  });

  it('writes nothing more after an error event', () => {
    const encoder = createTranscriptionStreamEncoder();
    expect(encoder.push({ type: 'error', error: { kind: 'upstream-error', message: 'x' } })).toEqual([]);
    expect(encoder.push({ type: 'text-delta', index: 0, delta: 'late' })).toEqual([]);
    expect(encoder.end()).toEqual([]);
  });
});

describe('recorded transcriptions', () => {
  it.each(listRecordings('audio').map((r) => [r.file, r] as const))('%s matches its sidecar', (_file, recording) => {
    if (recording.format === 'text') {
      expect(recording.body).toBe(recording.expect.text);
      return;
    }
    const parsed = openAiTranscriptionResponseSchema.parse(JSON.parse(recording.body));
    expect(parsed).toMatchObject({
      text: recording.expect.text,
      language: recording.expect.language,
      duration: recording.expect.duration,
      usage: recording.expect.usage,
    });
    expect(parsed.words).toHaveLength(recording.expect.words as number);
  });
});
