import type { ServerResponse } from 'node:http';
import type { GenerationStyle } from '@interlingua/provider-adapters';
import { loadRecording, recordedAnswer, recordingSseBody, sendSse, type Recording } from '@interlingua/testkit';
import type { ExpectedAnswer, FeatureId } from './compatibility-features.test-support.js';

/*
 * The real provider answers the compatibility matrix replays, as recorded, for the rows and
 * upstream protocols a recording exists for; every other cell's upstream is synthetic (the
 * feature's answer encoded by the gateway's own codec) and the page says so.
 */

const TEXT = {
  'openai-chat': 'openai-chat/01-text.json',
  'openai-responses': 'openai-responses/01-text.json',
  'anthropic-messages': 'anthropic-messages/01-text.json',
  gemini: 'gemini/01-text.json',
} as const;
const TEXT_STREAM = {
  'openai-chat': 'openai-chat/03-text-stream-after-tool.sse',
  'openai-responses': 'openai-responses/02-text-stream.sse',
  'anthropic-messages': 'anthropic-messages/02-text-stream.chunks.jsonl',
  gemini: 'gemini/02-text-stream.sse',
} as const;

const RECORDED: Partial<Record<FeatureId, Partial<Record<GenerationStyle, string>>>> = {
  text: TEXT,
  usage: TEXT,
  streaming: TEXT_STREAM,
  websocket: TEXT_STREAM,
  tools: {
    'openai-chat': 'openai-chat/09-tool-call.json',
    'openai-responses': 'openai-responses/05-function-call.json',
    'anthropic-messages': 'anthropic-messages/05-thinking-tool-use.json',
    gemini: 'gemini/05-function-call.json',
  },
  'streamed-tool-arguments': {
    'openai-chat': 'openai-chat/04-tool-call-stream.sse',
    'openai-responses': 'openai-responses/03-function-call-stream.sse',
    'anthropic-messages': 'anthropic-messages/07-text-then-tool-use-stream.sse',
    gemini: 'gemini/07-function-call-stream.sse',
  },
  'parallel-tools': {
    'openai-chat': 'openai-chat/08-parallel-tool-calls.json',
    'openai-responses': 'openai-responses/06-parallel-function-calls.json',
  },
  'structured-output': {
    'openai-chat': 'openai-chat/10-structured-output-json-schema.json',
    'openai-responses': 'openai-responses/12-structured-output-json-schema.json',
    'anthropic-messages': 'anthropic-messages/14-structured-output.json',
    gemini: 'gemini/11-structured-output.json',
  },
};

/** The recording an upstream speaking `wire` replays for a feature, if one exists. */
export function recordingFor(feature: FeatureId, wire: GenerationStyle): Recording | undefined {
  const file = RECORDED[feature]?.[wire];
  return file === undefined ? undefined : loadRecording(file);
}

/** What the caller must get from a replayed recording: its sidecar's text, tool calls and finish reason (and usage, on the usage row). */
export function recordedExpectation(recording: Recording, feature: FeatureId): ExpectedAnswer {
  const answer = recordedAnswer(recording);
  return {
    text: answer.text,
    toolCalls: answer.toolCalls.map((call) => ({ name: call.name, args: call.arguments as Record<string, unknown> })),
    finish: answer.finish,
    ...(feature === 'usage' && answer.usage
      ? { usage: { inputTokens: answer.usage.input, outputTokens: answer.usage.output } }
      : {}),
  };
}

/** Sends a recording as the provider sent it: a whole answer's bytes, or its stream event by event. */
export function sendRecording(response: ServerResponse, recording: Recording): void | Promise<void> {
  if (recording.streaming) return sendSse(response, recordingSseBody(recording));
  response.writeHead(200, { 'content-type': 'application/json' }).end(recording.body);
}
