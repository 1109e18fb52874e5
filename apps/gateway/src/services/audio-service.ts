import {
  SPEECH_CONTENT_TYPES,
  isAudioWire,
  isPlainTextTranscriptionFormat,
  speechAudioFromIr,
  speechRequestToIr,
  transcriptionFromIr,
  transcriptionRequestToIr,
  type AudioUpload,
  type OpenAiSpeechRequest,
  type OpenAiTranscriptionFields,
  type OpenAiTranslationFields,
} from '@interlingua/audio';
import { openAiTranscriptionUsageToIr } from '@interlingua/audio/internal';
import { unsupported } from '@interlingua/ir';
import { codecFor, serviceErrorCodec, type UpstreamHead } from '@interlingua/provider-adapters';
import { encodeMultipart, withField } from '../http/multipart-body.js';
import type { MultipartForm, UploadedFile } from '../http/multipart.js';
import { completeAnswerHeaders } from '../commit/commit-stream.js';
import {
  providerLabel,
  serviceLabel,
  type ServeOnTarget,
  type ServiceCall,
  type ServiceTarget,
} from './service-call.js';
import { serviceThroughIr } from './service-through-ir.js';
import { fetchServiceAnswer, relayServiceAnswer, relaySseAnswer, serviceUpstreamRequest } from './service-upstream.js';
import { lastUsageObject } from '../accounting/service-usage.js';
import { streamTranscription } from './transcription-stream.js';
import { headerText } from '../call/upstream-request.js';
import { JSON_CONTENT_TYPE, requireJsonAnswer, SSE_CONTENT_TYPE } from '../http/answer-content-type.js';
import { GEMINI } from '../http/request-styles.js';

/** An audio type: the only upstream label a speech answer keeps. */
const AUDIO_TYPE = /^\s*audio\/[\w.+-]+\s*(?:;|$)/i;

/** An audio request as the route read it, validated. */
export type AudioInput =
  | { operation: 'speech'; json: Record<string, unknown>; request: OpenAiSpeechRequest }
  | { operation: 'transcriptions'; form: MultipartForm; file: UploadedFile; request: OpenAiTranscriptionFields }
  | { operation: 'translations'; form: MultipartForm; file: UploadedFile; request: OpenAiTranslationFields };

/**
 * Serves an audio request on one target, by the wire its provider names for the service:
 * `openai` forwards the body (JSON, or the form rebuilt) with only the model rewritten and
 * streams speech and streamed transcripts back as they arrive; `gemini` goes through the IR to
 * `generateContent` (speech generation, audio understanding).
 */
export function audioService(call: ServiceCall, input: AudioInput): ServeOnTarget {
  return async (serving) => {
    const wire = serving.endpoint.wire;
    if (!isAudioWire(wire))
      throw unsupported(
        `${serviceLabel(call.service)}: provider "${serving.target.settings.id}" names an unknown audio wire "${wire}"`,
      );
    if (wire === 'openai') return forwardOpenAiAudio(call, serving, input);
    if (input.operation === 'speech') return geminiSpeech(call, serving, input.request);
    if (input.operation === 'translations')
      throw unsupported(`${serviceLabel(call.service)} is not supported by ${providerLabel(serving.target)}`);
    return geminiTranscription(call, serving, input.request, input.file);
  };
}

async function forwardOpenAiAudio(call: ServiceCall, serving: ServiceTarget, input: AudioInput): Promise<void> {
  const { target } = serving;
  call.outcome.took('fast');
  const endpoint = serving.endpoint.endpoint(target.settings, target.upstreamModel);
  const errorCodec = serviceErrorCodec(serving.endpoint);
  if (input.operation === 'speech') {
    const request = serviceUpstreamRequest(
      call,
      serving,
      endpoint,
      JSON.stringify({ ...input.json, model: target.upstreamModel }),
      'application/json',
    );
    const format = input.request.response_format ?? 'mp3';
    const contentType =
      input.request.stream_format === 'sse'
        ? (): string => SSE_CONTENT_TYPE
        : (head: UpstreamHead): string => audioContentType(head, SPEECH_CONTENT_TYPES[format]);
    return relayServiceAnswer(call, serving, request, { errorCodec, contentType });
  }
  const encoded = encodeMultipart(withField(input.form.entries, 'model', target.upstreamModel));
  const request = serviceUpstreamRequest(call, serving, endpoint, encoded.body, encoded.contentType);
  if (input.operation === 'transcriptions' && input.request.stream === true) {
    return relaySseAnswer(call, serving, request, errorCodec, openAiTranscriptionUsageToIr);
  }
  const answer = await fetchServiceAnswer(call, serving, request, errorCodec);
  const plainText = isPlainTextTranscriptionFormat(input.request.response_format);
  if (!plainText) requireJsonAnswer(answer.headers);
  // Only JSON answers carry usage; a plain-text transcript is never searched (it is what was said).
  const usage = plainText ? undefined : openAiTranscriptionUsageToIr(lastUsageObject(answer.body));
  if (usage) call.outcome.used(usage);
  call.sink.send(
    200,
    plainText ? 'text/plain; charset=utf-8' : JSON_CONTENT_TYPE,
    answer.body,
    completeAnswerHeaders(call),
  );
}

/** The upstream's type when it names audio (`audio/*`); any other (none, octet-stream, HTML) gives the requested format's. */
function audioContentType(head: UpstreamHead, formatType: string): string {
  const given = headerText(head.headers['content-type']);
  return given && AUDIO_TYPE.test(given) ? given : formatType;
}

async function geminiSpeech(call: ServiceCall, serving: ServiceTarget, request: OpenAiSpeechRequest): Promise<void> {
  const provider = providerLabel(serving.target);
  const ir = speechRequestToIr(request, serving.target.upstreamModel, provider);
  const response = await serviceThroughIr(call, serving, GEMINI, ir.value, ir.warnings);
  const audio = speechAudioFromIr(response, request.response_format === 'pcm' ? 'pcm' : 'wav', provider);
  const body = Buffer.concat([
    ...(audio.header ? [Buffer.from(audio.header)] : []),
    ...audio.base64Chunks.map((chunk) => Buffer.from(chunk, 'base64')),
  ]);
  call.sink.send(200, audio.contentType, body, completeAnswerHeaders(call));
}

async function geminiTranscription(
  call: ServiceCall,
  serving: ServiceTarget,
  fields: OpenAiTranscriptionFields,
  file: UploadedFile,
): Promise<void> {
  const { target } = serving;
  const provider = providerLabel(target);
  const upload: AudioUpload = {
    base64: file.data.toString('base64'),
    contentType: file.contentType,
    filename: file.filename,
  };
  const ir = transcriptionRequestToIr(fields, upload, target.upstreamModel, provider);
  if (ir.value.stream) {
    const codec = codecFor(GEMINI);
    const encoded = codec.request.fromIr(ir.value);
    call.outcome.took('translated:audio>gemini', [...ir.warnings, ...encoded.warnings]);
    const endpoint = serving.adapter.generation({
      settings: target.settings,
      model: target.upstreamModel,
      stream: true,
    });
    return streamTranscription(
      call,
      serving,
      serviceUpstreamRequest(call, serving, endpoint, JSON.stringify(encoded.value), 'application/json'),
      codec,
    );
  }
  const response = await serviceThroughIr(call, serving, GEMINI, ir.value, ir.warnings);
  const answer = transcriptionFromIr(response, fields.response_format === 'text' ? 'text' : 'json', provider);
  call.sink.send(200, answer.contentType, answer.body, completeAnswerHeaders(call));
}
