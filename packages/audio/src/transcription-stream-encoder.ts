import type { IrStreamEvent, IrUsage, SseMessage, StreamMachine } from '@interlingua/ir';
import type { OpenAiTranscriptionStreamEvent } from './openai-transcription-response-schema.js';
import { transcriptionUsage } from './ir-to-transcription.js';

/**
 * IR stream events of a transcript -> OpenAI's streamed transcription: data-only SSE, one
 * `transcript.text.delta` per text delta, then `transcript.text.done` with the whole text and
 * the token usage at `end()`. Reasoning and other blocks are not part of a transcript and are
 * skipped; `error` events are the caller's business (the gateway writes them in-band in the
 * OpenAI error shape), so after one the encoder writes nothing more.
 * @see https://platform.openai.com/docs/api-reference/audio/transcript-text-delta-event
 */
export function createTranscriptionStreamEncoder(): StreamMachine<IrStreamEvent, SseMessage> {
  let text = '';
  let usage: IrUsage | undefined;
  let failed = false;
  const message = (event: OpenAiTranscriptionStreamEvent): SseMessage => ({ data: JSON.stringify(event) });
  return {
    push(event) {
      if (failed) return [];
      switch (event.type) {
        case 'text-delta':
          if (event.delta === '') return [];
          text += event.delta;
          return [message({ type: 'transcript.text.delta', delta: event.delta })];
        case 'usage-update':
          usage = event.usage;
          return [];
        case 'response-start':
          if (event.usage) usage = event.usage;
          return [];
        case 'error':
          failed = true;
          return [];
        default:
          return [];
      }
    },
    end() {
      if (failed) return [];
      const done: OpenAiTranscriptionStreamEvent = { type: 'transcript.text.done', text };
      if (usage) done.usage = transcriptionUsage(usage);
      return [message(done)];
    },
  };
}
