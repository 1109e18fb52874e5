import { createTranscriptionStreamEncoder } from '@interlingua/audio';
import { IrError, type IrErrorData, type IrStreamEvent, type SseMessage, type StyleCodec } from '@interlingua/ir';
import { createSseParser, serializeSseMessages } from '@interlingua/ir-utils';
import {
  codecFor,
  mapTransportError,
  streamUpstreamInto,
  type UpstreamErrorAnswer,
  type UpstreamRequest,
} from '@interlingua/provider-adapters';
import { outcomeHeaders } from '../commit/commit-stream.js';
import type { ServiceCall, ServiceTarget } from './service-call.js';
import { upstreamHttpError } from '../call/upstream-request.js';
import { OPENAI_CHAT } from '../http/request-styles.js';

const MAX_ERROR_BODY_BYTES = 64 * 1024;

/**
 * A streamed transcript from a generation wire (Gemini `streamGenerateContent?alt=sse`): the
 * upstream SSE is decoded to IR events by the wire's codec and written as OpenAI
 * `transcript.text.delta` / `transcript.text.done` events. Nothing goes out before the first
 * event that is not an error (the commit point: before it, failures are thrown and may fall
 * back); after it, a failure is one in-band OpenAI error event, then the end.
 */
export async function streamTranscription(
  call: ServiceCall,
  serving: ServiceTarget,
  request: UpstreamRequest,
  codec: StyleCodec<unknown, unknown>,
): Promise<void> {
  const writer = new TranscriptWriter(call);
  const parser = createSseParser();
  const decoder = codec.stream.createDecoder();
  const decode = (messages: SseMessage[]): IrStreamEvent[] => messages.flatMap((message) => decoder.push(message));
  let failed: UpstreamErrorAnswer | undefined;
  try {
    failed = await streamUpstreamInto(
      request,
      {
        push: (chunk) => writer.push(decode(parser.push(chunk))),
        end: () => writer.push([...decode(parser.end()), ...decoder.end()]),
      },
      MAX_ERROR_BODY_BYTES,
    );
  } catch (error) {
    if (call.signal.aborted && !call.sink.committed) throw mapTransportError(error, 'during-body');
    await writer.fail(mapTransportError(error, 'during-body').data);
    return;
  }
  if (failed) throw upstreamHttpError(codec, failed.head, failed.body, serving.adapter, serving.target.settings);
  await writer.finish();
}

/** Writes transcript events to the caller, committing at the first one. */
class TranscriptWriter {
  private readonly encoder = createTranscriptionStreamEncoder();
  private ended = false;

  constructor(private readonly call: ServiceCall) {}

  async push(events: readonly IrStreamEvent[]): Promise<void> {
    for (const event of events) {
      if (this.ended) return;
      if (event.type === 'error') return this.fail(event.error);
      if (event.type === 'usage-update') this.call.outcome.used(event.usage);
      const messages = this.encoder.push(event);
      if (messages.length === 0) continue;
      this.commit();
      await this.call.sink.write(serializeSseMessages(messages));
    }
  }

  async finish(): Promise<void> {
    if (this.ended) return;
    this.ended = true;
    const messages = this.encoder.end();
    this.commit();
    await this.call.sink.write(serializeSseMessages(messages));
    this.call.sink.end();
  }

  /** Thrown before the commit point; one in-band OpenAI error event after it. */
  async fail(error: IrErrorData): Promise<void> {
    if (!this.call.sink.committed) throw new IrError(error);
    if (this.ended) return;
    this.ended = true;
    const messages = codecFor(OPENAI_CHAT).stream.createEncoder().push({ type: 'error', error });
    await this.call.sink.write(serializeSseMessages(messages));
    this.call.sink.end();
  }

  private commit(): void {
    if (this.call.sink.committed) return;
    this.call.outcome.firstByte();
    this.call.sink.startStream(200, 'text/event-stream', outcomeHeaders(this.call.outcome));
  }
}
