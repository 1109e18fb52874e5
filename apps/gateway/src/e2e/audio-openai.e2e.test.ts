import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  loadRecording,
  openAiSpeechUpstreamSchema,
  openAiTranscriptionUpstreamFormSchema,
  openAiTranslationUpstreamFormSchema,
  sendJson,
  sendSse,
  startLoopbackUpstream,
  upstreamFormFileBytes,
  type LoopbackUpstream,
} from '@interlingua/testkit';
import { toFile, type OpenAI } from 'openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './gateway-harness.test-support.js';
import {
  lastUpstreamForm,
  lastUpstreamJson,
  lastUpstreamRequest,
  openAiClient,
  tinyWav,
  type Reply,
} from './media-e2e.test-support.js';

const VERBOSE = 'audio/01-openai-transcription-verbose.json';
const GROQ_TEXT = 'audio/02-groq-transcription-text.txt';

let harness: Harness;
let openai: LoopbackUpstream;
let client: OpenAI;
let groqReply: Reply;
let openAiReply: Reply;
let workDir: string;

function replay(file: string): Reply {
  const recording = loadRecording(file);
  const type =
    recording.content_type ?? (recording.format === 'text' ? 'text/plain; charset=utf-8' : 'application/json');
  return (_request, response) => {
    response.writeHead(recording.http_status, { 'content-type': type });
    response.end(recording.body);
  };
}

/** Upstream audio sent in two pieces, the second only after `release()`: proves the gateway does not wait for the whole body. */
function gatedAudio(first: Buffer, rest: Buffer, contentType: string): { reply: Reply; release(): void } {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  return {
    release: () => release(),
    reply: async (_request, response) => {
      response.writeHead(200, { 'content-type': contentType });
      response.write(first);
      await gate;
      response.end(rest);
    },
  };
}

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'interlingua-audio-'));
  openai = await startLoopbackUpstream((request, response) => openAiReply(request, response));
  harness = await startHarness((request, response) => groqReply(request, response), {
    upstreamProvider: { type: 'groq' },
    providers: [{ id: 'oai', type: 'openai', baseUrl: `${openai.url}/v1`, apiKey: 'oai-secret' }],
    models: [
      { name: 'oai/*', targets: [{ provider: 'oai' }] },
      {
        name: 'fallback-tts',
        targets: [
          { provider: 'oai', model: 'gpt-4o-mini-tts', priority: 0 },
          { provider: 'upstream', model: 'playai-tts', priority: 1 },
        ],
      },
    ],
  });
  client = openAiClient(harness);
});
afterAll(async () => {
  await harness.close();
  await openai.close();
  await rm(workDir, { recursive: true, force: true });
});
beforeEach(() => {
  groqReply = replay(GROQ_TEXT);
  openAiReply = replay(VERBOSE);
});

function lastOpenAi(pathEnd: string) {
  return lastUpstreamRequest({ ...harness, upstream: openai }, pathEnd);
}

describe('speech through OpenAI-wire upstreams with the openai SDK', () => {
  it('streams the audio to a file as it arrives, with its content type', async () => {
    const first = Buffer.from('ID3\u0004\u0000first-audio-bytes');
    const rest = Buffer.alloc(64 * 1024, 7);
    const gated = gatedAudio(first, rest, 'audio/mpeg');
    openAiReply = gated.reply;
    const response = await client.audio.speech.create({
      model: 'oai/gpt-4o-mini-tts',
      input: 'Hello there',
      voice: 'coral',
      instructions: 'Cheerful',
      response_format: 'mp3',
    });
    expect(response.headers.get('content-type')).toBe('audio/mpeg');
    const path = join(workDir, 'speech.mp3');
    const file = createWriteStream(path);
    const reader = response.body!.getReader();
    const head = await reader.read();
    expect(Buffer.from(head.value!).subarray(0, first.length)).toEqual(first);
    file.write(head.value);
    gated.release();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) file.write(chunk.value);
    await new Promise<void>((resolve) => file.end(resolve));
    expect(await readFile(path)).toEqual(Buffer.concat([first, rest]));
    const upstream = lastUpstreamJson({ ...harness, upstream: openai }, '/v1/audio/speech', openAiSpeechUpstreamSchema);
    expect(upstream).toEqual({
      model: 'gpt-4o-mini-tts',
      input: 'Hello there',
      voice: 'coral',
      instructions: 'Cheerful',
      response_format: 'mp3',
    });
    expect(lastOpenAi('/v1/audio/speech').headers.authorization).toBe('Bearer oai-secret');
  });

  it("labels audio by its format when the upstream only says octet-stream (Groq's wav)", async () => {
    const wav = tinyWav(20);
    groqReply = (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/octet-stream' });
      response.end(wav);
    };
    const response = await client.audio.speech.create({
      model: 'up/playai-tts',
      input: 'Hi',
      voice: 'Fritz-PlayAI',
      response_format: 'wav',
    });
    expect(response.headers.get('content-type')).toBe('audio/wav');
    expect(Buffer.from(await response.arrayBuffer())).toEqual(wav);
    expect(lastUpstreamJson(harness, '/audio/speech', openAiSpeechUpstreamSchema)).toMatchObject({
      model: 'playai-tts',
      response_format: 'wav',
    });
  });

  it('cuts the connection when the upstream fails in the middle of the audio, never ending it as if complete', async () => {
    openAiReply = (_request, response) => {
      response.writeHead(200, { 'content-type': 'audio/mpeg' });
      response.write(Buffer.alloc(1024, 1));
      setTimeout(() => response.socket?.destroy(), 20);
    };
    const response = await client.audio.speech.create({ model: 'oai/tts-1', input: 'Hi', voice: 'alloy' });
    await expect(response.arrayBuffer()).rejects.toThrow();
  });

  it('falls back to the next target when the first fails before any audio went out', async () => {
    openAiReply = (_request, response) =>
      sendJson(response, 503, { error: { message: 'overloaded', type: 'server_error', param: null, code: null } });
    groqReply = (_request, response) => {
      response.writeHead(200, { 'content-type': 'audio/wav' });
      response.end(tinyWav(10));
    };
    const { response } = await client.audio.speech
      .create({ model: 'fallback-tts', input: 'Hi', voice: 'alloy', response_format: 'wav' })
      .withResponse();
    expect(response.headers.get('x-interlingua-route')).toBe(
      'provider=upstream; model=playai-tts; attempts=2; path=fast',
    );
  });
});

describe('transcriptions and translations through OpenAI-wire upstreams', () => {
  it('sends the WAV file as multipart and returns the recorded verbose_json', async () => {
    const wav = tinyWav();
    const result = await client.audio.transcriptions.create({
      model: 'oai/whisper-1',
      file: await toFile(wav, 'hello.wav', { type: 'audio/wav' }),
      response_format: 'verbose_json',
      timestamp_granularities: ['word'],
      language: 'en',
      temperature: 0.2,
    });
    const expected = loadRecording(VERBOSE).expect;
    expect(result.text).toBe(expected.text);
    expect(result.words).toHaveLength(expected.words as number);
    const form = await lastUpstreamForm(
      { ...harness, upstream: openai },
      '/v1/audio/transcriptions',
      openAiTranscriptionUpstreamFormSchema,
    );
    expect(form).toMatchObject({
      model: 'whisper-1',
      response_format: 'verbose_json',
      'timestamp_granularities[]': 'word',
      language: 'en',
      temperature: '0.2',
      file: { filename: 'hello.wav' },
    });
    const request = lastOpenAi('/v1/audio/transcriptions');
    expect(await upstreamFormFileBytes(request.body, String(request.headers['content-type']), 'file')).toEqual([wav]);
  });

  it("returns Groq's text answer as text/plain, which the SDK hands back as a string", async () => {
    const text = await client.audio.transcriptions.create({
      model: 'up/whisper-large-v3',
      file: await toFile(tinyWav(), 'a.wav'),
      response_format: 'text',
    });
    expect(text).toBe(loadRecording(GROQ_TEXT).expect.text);
    await lastUpstreamForm(harness, '/audio/transcriptions', openAiTranscriptionUpstreamFormSchema);
  });

  it('translates', async () => {
    groqReply = (_request, response) => sendJson(response, 200, { text: 'Hello from the other side.' });
    const result = await client.audio.translations.create({
      model: 'up/whisper-large-v3',
      file: await toFile(tinyWav(), 'a.wav'),
      prompt: 'Greetings',
    });
    expect(result.text).toBe('Hello from the other side.');
    expect(await lastUpstreamForm(harness, '/audio/translations', openAiTranslationUpstreamFormSchema)).toMatchObject({
      model: 'whisper-large-v3',
      prompt: 'Greetings',
    });
  });

  it('streams a transcription as the upstream sends it', async () => {
    const events = [
      { type: 'transcript.text.delta', delta: 'I' },
      { type: 'transcript.text.delta', delta: ' see' },
      {
        type: 'transcript.text.done',
        text: 'I see',
        usage: { type: 'tokens', input_tokens: 14, output_tokens: 2, total_tokens: 16 },
      },
    ];
    openAiReply = (_request, response) =>
      sendSse(response, events.map((event) => `data: ${JSON.stringify(event)}\n\n`).join(''));
    const stream = await client.audio.transcriptions.create({
      model: 'oai/gpt-4o-mini-transcribe',
      file: await toFile(tinyWav(), 'a.wav'),
      stream: true,
    });
    const received: unknown[] = [];
    for await (const event of stream) received.push(event);
    expect(received).toEqual(events);
    expect(
      await lastUpstreamForm(
        { ...harness, upstream: openai },
        '/v1/audio/transcriptions',
        openAiTranscriptionUpstreamFormSchema,
      ),
    ).toMatchObject({ stream: 'true' });
  });

  it('answers the mock provider in process on every audio endpoint', async () => {
    const speech = Buffer.from(
      await (await client.audio.speech.create({ model: 'mock', input: 'x', voice: 'alloy' })).arrayBuffer(),
    );
    expect(speech.toString('latin1', 0, 4)).toBe('RIFF');
    const transcript = await client.audio.transcriptions.create({
      model: 'mock',
      file: await toFile(tinyWav(), 'a.wav'),
    });
    expect(transcript.text).toMatch(/^Mock transcription of "a.wav"/);
    const translation = await client.audio.translations.create({
      model: 'mock',
      file: await toFile(tinyWav(), 'a.wav'),
    });
    expect(translation.text).toMatch(/^Mock translation of "a.wav"/);
  });
});
