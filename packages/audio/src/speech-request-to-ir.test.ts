import { IrError, type IrResponse } from '@interlingua/ir';
import { describe, expect, it } from 'vitest';
import { parseAudioWire } from './audio-invalid-request.js';
import { speechAudioFromIr } from './ir-to-speech-audio.js';
import { openAiSpeechRequestSchema, type OpenAiSpeechRequest } from './openai-speech-request-schema.js';
import { speechRequestToIr } from './speech-request-to-ir.js';

const request = (fields: Partial<OpenAiSpeechRequest>): OpenAiSpeechRequest =>
  parseAudioWire(openAiSpeechRequestSchema, {
    model: 'tts',
    input: 'Hello',
    voice: 'Kore',
    response_format: 'wav',
    ...fields,
  });

function thrown(run: () => unknown): IrError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(IrError);
    return error as IrError;
  }
  throw new Error('expected an IrError');
}

describe('speechRequestToIr (Gemini speech generation)', () => {
  it('asks for AUDIO with the voice as a prebuilt voice', () => {
    expect(speechRequestToIr(request({}), 'gemini-2.5-flash-preview-tts', 'gemini').value).toEqual({
      model: 'gemini-2.5-flash-preview-tts',
      messages: [{ role: 'user', content: [{ type: 'text', text: 'Hello' }] }],
      sampling: {},
      stream: false,
      extensions: {
        gemini: {
          generationConfig: {
            responseModalities: ['AUDIO'],
            speechConfig: { voiceConfig: { prebuiltVoiceConfig: { voiceName: 'Kore' } } },
          },
        },
      },
    });
  });

  it('leads the text with the instructions (approximated) and reports fields it drops', () => {
    const { value, warnings } = speechRequestToIr(
      request({ instructions: 'Whisper', speed: 1, future: 1 } as Partial<OpenAiSpeechRequest>),
      'm',
      'gemini',
    );
    expect(value.messages[0]?.content).toEqual([{ type: 'text', text: 'Whisper: Hello' }]);
    expect(warnings.map((w) => `${w.kind} ${w.field}`)).toEqual(['approximated instructions', 'dropped future']);
  });

  it.each([
    [{ response_format: undefined }, 'response_format', 'mp3 (the default) is not supported by gemini'],
    [{ response_format: 'flac' as const }, 'response_format', 'flac is not supported'],
    [{ speed: 2 }, 'speed', 'no speaking-speed setting'],
    [{ stream_format: 'sse' as const }, 'stream_format', 'sse is not supported'],
    [{ voice: { id: 'voice_123' } }, 'voice', 'custom voice ids'],
  ])('refuses %j', (fields, param, message) => {
    const error = thrown(() => speechRequestToIr(request(fields), 'm', 'gemini'));
    expect(error.data).toMatchObject({ kind: 'unsupported', param });
    expect(error.message).toContain(message);
  });

  it('validates the caller body, naming the field', () => {
    expect(thrown(() => request({ speed: 9 })).data.param).toBe('speed');
    expect(thrown(() => parseAudioWire(openAiSpeechRequestSchema, { model: 'm', voice: 'x' })).message).toMatch(
      /^input: /,
    );
  });
});

describe('speechAudioFromIr', () => {
  const pcm = Buffer.from([1, 0, 2, 0, 3, 0, 4, 0]);
  const answer = (parts: IrResponse['choices'][number]['content']): IrResponse => ({
    id: 'r',
    model: 'm',
    created: 0,
    choices: [{ index: 0, content: parts, finishReason: { unified: 'stop', raw: 'STOP' } }],
  });
  const audio = (data: Buffer, mediaType = 'audio/L16;codec=pcm;rate=24000') => ({
    type: 'file' as const,
    mediaType,
    source: { kind: 'base64' as const, data: data.toString('base64') },
  });

  it('wraps the samples in a WAV header, chunks in order', () => {
    const result = speechAudioFromIr(answer([audio(pcm.subarray(0, 4)), audio(pcm.subarray(4))]), 'wav', 'gemini');
    const bytes = Buffer.concat([
      Buffer.from(result.header!),
      ...result.base64Chunks.map((chunk) => Buffer.from(chunk, 'base64')),
    ]);
    expect(result).toMatchObject({ contentType: 'audio/wav', byteLength: 44 + pcm.length });
    expect(bytes.readUInt32LE(40)).toBe(pcm.length);
    expect(bytes.subarray(44)).toEqual(pcm);
  });

  it('answers pcm only when the samples are OpenAI pcm (24 kHz mono)', () => {
    const raw = speechAudioFromIr(answer([audio(pcm)]), 'pcm', 'gemini');
    expect(raw).toMatchObject({ contentType: 'audio/pcm', byteLength: pcm.length });
    expect(raw.header).toBeUndefined();
    expect(
      thrown(() => speechAudioFromIr(answer([audio(pcm, 'audio/L16;codec=pcm;rate=16000')]), 'pcm', 'gemini')).message,
    ).toContain('returned 16000 Hz');
  });

  it('refuses audio that is not raw PCM and answers without audio', () => {
    expect(thrown(() => speechAudioFromIr(answer([audio(pcm, 'audio/mpeg')]), 'wav', 'gemini')).data.kind).toBe(
      'upstream-error',
    );
    expect(thrown(() => speechAudioFromIr(answer([{ type: 'text', text: 'sorry' }]), 'wav', 'gemini')).message).toBe(
      'gemini returned no audio (finish reason STOP): sorry',
    );
  });
});
