import { geminiAudioUnderstandingUpstreamSchema, geminiSpeechUpstreamSchema, sendSse } from '@interlingua/testkit';
import OpenAI, { toFile } from 'openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './gateway-harness.test-support.js';
import { geminiAnswer, json, lastUpstreamJson, openAiClient, tinyWav, type Reply } from './media-e2e.test-support.js';

/** 0.1 s of 24 kHz 16-bit mono PCM, as Gemini's speech models return it. */
const PCM = Buffer.alloc(4800);
for (let i = 0; i < PCM.length / 2; i++) PCM.writeInt16LE((i * 37) % 2000, i * 2);
const speechAnswer = geminiAnswer([
  { inlineData: { mimeType: 'audio/L16;codec=pcm;rate=24000', data: PCM.toString('base64') } },
]);

let harness: Harness;
let client: OpenAI;
let reply: Reply;

beforeAll(async () => {
  harness = await startHarness((request, response) => reply(request, response), {
    upstreamProvider: { type: 'gemini' },
  });
  client = openAiClient(harness);
});
afterAll(() => harness.close());
beforeEach(() => {
  reply = json(speechAnswer);
});

async function badRequest(promise: Promise<unknown>): Promise<Error> {
  const error = await promise.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(OpenAI.BadRequestError);
  return error as Error;
}

describe('speech through Gemini speech generation', () => {
  it('answers wav: the PCM samples behind a WAV header of their rate', async () => {
    const response = await client.audio.speech.create({
      model: 'up/gemini-2.5-flash-preview-tts',
      input: 'Have a wonderful day!',
      voice: 'Kore',
      response_format: 'wav',
    });
    expect(response.headers.get('content-type')).toBe('audio/wav');
    const wav = Buffer.from(await response.arrayBuffer());
    expect(wav.subarray(0, 4).toString('ascii')).toBe('RIFF');
    expect(wav.subarray(8, 16).toString('ascii')).toBe('WAVEfmt ');
    expect(wav.readUInt16LE(22)).toBe(1);
    expect(wav.readUInt32LE(24)).toBe(24_000);
    expect(wav.readUInt16LE(34)).toBe(16);
    expect(wav.readUInt32LE(40)).toBe(PCM.length);
    expect(wav.subarray(44)).toEqual(PCM);
    const upstream = lastUpstreamJson(
      harness,
      '/models/gemini-2.5-flash-preview-tts:generateContent',
      geminiSpeechUpstreamSchema,
    );
    expect(upstream.contents).toEqual([{ role: 'user', parts: [{ text: 'Have a wonderful day!' }] }]);
    expect(upstream.generationConfig?.speechConfig).toEqual({
      voiceConfig: { prebuiltVoiceConfig: { voiceName: 'Kore' } },
    });
  });

  it('answers pcm with the raw samples, instructions leading the text', async () => {
    const response = await client.audio.speech.create({
      model: 'up/gemini-2.5-flash-preview-tts',
      input: 'Hello',
      voice: 'Puck',
      response_format: 'pcm',
      instructions: 'Say cheerfully',
    });
    expect(response.headers.get('content-type')).toBe('audio/pcm');
    expect(Buffer.from(await response.arrayBuffer())).toEqual(PCM);
    const upstream = lastUpstreamJson(harness, ':generateContent', geminiSpeechUpstreamSchema);
    expect(upstream.contents[0]?.parts).toEqual([{ text: 'Say cheerfully: Hello' }]);
    expect(response.headers.get('x-interlingua-warnings')).toContain('approximated instructions');
  });

  it.each([
    ['mp3 (the default)', {}, 'response_format: mp3 (the default) is not supported by gemini (provider "upstream")'],
    ['opus', { response_format: 'opus' as const }, 'response_format: opus is not supported'],
    ['a speed other than 1', { response_format: 'wav' as const, speed: 1.5 }, 'speed:'],
  ])('refuses %s with a 400 naming it, never transcoding', async (_name, extra, message) => {
    const before = harness.upstream.requests.length;
    const error = await badRequest(
      client.audio.speech.create({ model: 'up/gemini-2.5-flash-preview-tts', input: 'Hi', voice: 'Kore', ...extra }),
    );
    expect(error.message).toContain(message);
    expect(harness.upstream.requests.length).toBe(before);
  });

  it('never makes up audio: an answer without any is an error', async () => {
    reply = json(geminiAnswer([{ text: 'No.' }], 'OTHER'));
    const error = await client.audio.speech
      .create({ model: 'up/gemini-2.5-flash-preview-tts', input: 'Hi', voice: 'Kore', response_format: 'wav' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.InternalServerError);
    expect((error as Error).message).toContain('returned no audio (finish reason OTHER): No.');
  });
});

describe('transcription through Gemini audio understanding', () => {
  const transcript = geminiAnswer([{ text: 'Hello from the gateway.\n' }]);

  it('sends the WAV inline with a transcription instruction and answers json with token usage', async () => {
    reply = json(transcript);
    const wav = tinyWav();
    const result = await client.audio.transcriptions.create({
      model: 'up/gemini-2.5-flash',
      file: await toFile(wav, 'hello.wav', { type: 'audio/wav' }),
      language: 'en',
      prompt: 'Interlingua',
    });
    expect(result).toEqual({
      text: 'Hello from the gateway.',
      usage: { type: 'tokens', input_tokens: 8, output_tokens: 48, total_tokens: 56 },
    });
    const upstream = lastUpstreamJson(
      harness,
      '/models/gemini-2.5-flash:generateContent',
      geminiAudioUnderstandingUpstreamSchema,
    );
    expect(upstream.contents).toEqual([
      { role: 'user', parts: [{ inlineData: { mimeType: 'audio/wav', data: wav.toString('base64') } }] },
    ]);
    const instruction = upstream.systemInstruction?.parts.map((p) => p.text).join('') ?? '';
    expect(instruction).toContain('Transcribe the speech');
    expect(instruction).toContain('"en"');
    expect(instruction).toContain('Interlingua');
    expect(upstream.generationConfig?.temperature).toBe(0);
  });

  it('answers text as text/plain (a string in the SDK)', async () => {
    reply = json(transcript);
    const text = await client.audio.transcriptions.create({
      model: 'up/gemini-2.5-flash',
      file: await toFile(tinyWav(), 'a.mp3'),
      response_format: 'text',
    });
    expect(text).toBe('Hello from the gateway.');
    const upstream = lastUpstreamJson(harness, ':generateContent', geminiAudioUnderstandingUpstreamSchema);
    expect(JSON.stringify(upstream.contents)).toContain('"mimeType":"audio/mp3"');
  });

  it('streams: Gemini SSE chunks become transcript.text.delta events, then transcript.text.done', async () => {
    const chunks = [geminiAnswer([{ text: 'Hello ' }], ''), geminiAnswer([{ text: 'world.' }])].map((chunk) => {
      const candidate = (chunk.candidates as Array<Record<string, unknown>>)[0]!;
      if (candidate.finishReason === '') delete candidate.finishReason;
      return `data: ${JSON.stringify(chunk)}\r\n\r\n`;
    });
    reply = (_request, response) => sendSse(response, chunks.join(''));
    const stream = await client.audio.transcriptions.create({
      model: 'up/gemini-2.5-flash',
      file: await toFile(tinyWav(), 'a.wav'),
      stream: true,
    });
    const events: unknown[] = [];
    for await (const event of stream) events.push(event);
    expect(events).toEqual([
      { type: 'transcript.text.delta', delta: 'Hello ' },
      { type: 'transcript.text.delta', delta: 'world.' },
      {
        type: 'transcript.text.done',
        text: 'Hello world.',
        usage: { type: 'tokens', input_tokens: 8, output_tokens: 48, total_tokens: 56 },
      },
    ]);
    expect(harness.upstream.requests.at(-1)?.url).toContain(':streamGenerateContent?alt=sse');
  });

  it('reports a Gemini error after the first delta in-band, as an OpenAI error event', async () => {
    const first = `data: ${JSON.stringify({ candidates: [{ content: { role: 'model', parts: [{ text: 'Hello ' }] }, index: 0 }] })}\r\n\r\n`;
    const failure = `data: ${JSON.stringify({ error: { code: 503, message: 'The model is overloaded.', status: 'UNAVAILABLE' } })}\r\n\r\n`;
    reply = (_request, response) => sendSse(response, first + failure);
    const stream = await client.audio.transcriptions.create({
      model: 'up/gemini-2.5-flash',
      file: await toFile(tinyWav(), 'a.wav'),
      stream: true,
    });
    const events: unknown[] = [];
    const error = await (async () => {
      for await (const event of stream) events.push(event);
    })().catch((e: unknown) => e);
    expect(events).toEqual([{ type: 'transcript.text.delta', delta: 'Hello ' }]);
    expect(error).toBeInstanceOf(OpenAI.APIError);
    expect((error as Error).message).toContain('The model is overloaded.');
  });

  it.each([
    [
      'verbose_json',
      { response_format: 'verbose_json' as const },
      'response_format: verbose_json is not supported by gemini',
    ],
    ['srt', { response_format: 'srt' as const }, 'response_format: srt is not supported'],
    ['vtt', { response_format: 'vtt' as const }, 'response_format: vtt is not supported'],
    [
      'word timestamps',
      { timestamp_granularities: ['word' as const] },
      'timestamp_granularities: gemini (provider "upstream") returns no timestamps',
    ],
  ])('refuses %s with a 400 naming it, never synthesising timestamps', async (_name, extra, message) => {
    const error = await badRequest(
      client.audio.transcriptions.create({
        model: 'up/gemini-2.5-flash',
        file: await toFile(tinyWav(), 'a.wav'),
        ...extra,
      }),
    );
    expect(error.message).toContain(message);
  });

  it('refuses audio Gemini cannot read, and translations', async () => {
    const webm = await badRequest(
      client.audio.transcriptions.create({ model: 'up/gemini-2.5-flash', file: await toFile(tinyWav(), 'a.webm') }),
    );
    expect(webm.message).toContain('file: audio format webm is not supported by gemini');
    const translation = await badRequest(
      client.audio.translations.create({ model: 'up/gemini-2.5-flash', file: await toFile(tinyWav(), 'a.wav') }),
    );
    expect(translation.message).toContain(
      'POST /v1/audio/translations is not supported by provider "upstream" (gemini)',
    );
  });
});
