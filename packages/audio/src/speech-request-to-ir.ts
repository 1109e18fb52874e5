import type { IrRequest, IrWarning, Result } from '@interlingua/ir';
import { unsupported } from '@interlingua/ir';
import type { OpenAiSpeechRequest, SpeechFormat } from './openai-speech-request-schema.js';

/** Speech formats a raw-PCM speech model can answer without transcoding: the samples, or the samples in a WAV file. */
export const PCM_SPEECH_FORMATS: readonly SpeechFormat[] = ['wav', 'pcm'];

/** Fields the Gemini conversion reads; any other field present is reported as dropped. */
const READ_FIELDS = new Set(['model', 'input', 'voice', 'instructions', 'response_format', 'speed', 'stream_format']);

/**
 * An OpenAI speech request -> an IR request for Gemini speech generation: the text in one user
 * turn, `responseModalities` AUDIO and the voice as `speechConfig.voiceConfig.prebuiltVoiceConfig`
 * (in `extensions.gemini`). Gemini voices have their own names (`Kore`, `Puck`, …): the voice is
 * sent as given. `instructions` lead the text in Google's documented style-prompt form
 * (`<instructions>: <text>`, approximated). Gemini answers 24 kHz 16-bit PCM, so only `wav` and
 * `pcm` can be served: any other `response_format` (the default is mp3) is refused, as are a
 * speed other than 1, streamed SSE audio and custom voice ids.
 * @see https://ai.google.dev/gemini-api/docs/speech-generation
 */
export function speechRequestToIr(request: OpenAiSpeechRequest, model: string, provider: string): Result<IrRequest> {
  const format = request.response_format ?? 'mp3';
  if (!PCM_SPEECH_FORMATS.includes(format)) {
    throw unsupported(
      `response_format: ${format}${request.response_format ? '' : ' (the default)'} is not supported by ${provider}: it produces raw PCM audio; ask for wav or pcm`,
      'response_format',
    );
  }
  if (request.speed !== undefined && request.speed !== 1)
    throw unsupported(`speed: ${provider} has no speaking-speed setting; leave speed at 1`, 'speed');
  if (request.stream_format === 'sse')
    throw unsupported(`stream_format: sse is not supported by ${provider}; ask for audio`, 'stream_format');
  if (typeof request.voice !== 'string')
    throw unsupported(`voice: custom voice ids are not supported by ${provider}; give a voice name`, 'voice');
  const warnings: IrWarning[] = [];
  let text = request.input;
  if (request.instructions !== undefined && request.instructions.trim() !== '') {
    text = `${request.instructions.trim()}: ${request.input}`;
    warnings.push({
      kind: 'approximated',
      field: 'instructions',
      message: `${provider} takes speaking instructions as part of the text: sent as "<instructions>: <input>"`,
    });
  }
  for (const [field, value] of Object.entries(request)) {
    if (!READ_FIELDS.has(field) && value !== undefined && value !== null)
      warnings.push({ kind: 'dropped', field, message: `${provider} has no equivalent of ${field}` });
  }
  const generationConfig = {
    responseModalities: ['AUDIO'],
    speechConfig: { voiceConfig: { prebuiltVoiceConfig: { voiceName: request.voice } } },
  };
  return {
    value: {
      model,
      messages: [{ role: 'user', content: [{ type: 'text', text }] }],
      sampling: {},
      stream: false,
      extensions: { gemini: { generationConfig } },
    },
    warnings,
  };
}
