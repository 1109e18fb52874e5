import type { SseMessage, StreamMachine } from '@interlingua/ir';
import { EventStreamCodec, type MessageHeaders } from '@smithy/eventstream-codec';
import { fromUtf8, toUtf8 } from '@smithy/util-utf8';

/** Frames larger than this are refused (the AWS event stream format caps payloads at 16 MiB). */
const MAX_FRAME_BYTES = 24 * 1024 * 1024;
/** Prelude (total length, headers length, prelude CRC) plus the message CRC. */
const MIN_FRAME_BYTES = 16;

const codec = new EventStreamCodec(toUtf8, fromUtf8);

function headerText(headers: MessageHeaders, name: string): string | undefined {
  const header = headers[name];
  return header?.type === 'string' ? header.value : undefined;
}

/** One decoded frame as the message the Converse stream decoder reads. */
function toSseMessage(frame: Uint8Array): SseMessage | undefined {
  const { headers, body } = codec.decode(frame);
  const type = headerText(headers, ':message-type');
  const data = toUtf8(body);
  if (type === 'event') {
    const name = headerText(headers, ':event-type');
    return name ? { event: name, data } : undefined;
  }
  if (type === 'exception') return { event: headerText(headers, ':exception-type') ?? 'error', data };
  if (type === 'error')
    return {
      event: 'error',
      data: JSON.stringify({
        code: headerText(headers, ':error-code'),
        message: headerText(headers, ':error-message') ?? 'Bedrock stream error',
      }),
    };
  return undefined;
}

function invalidFrame(reason: string): SseMessage {
  return {
    event: 'error',
    data: JSON.stringify({
      code: 'InternalFailure',
      message: `The upstream sent an invalid event stream frame: ${reason}`,
    }),
  };
}

/**
 * The AWS event stream (`application/vnd.amazon.eventstream`) of ConverseStream -> one
 * `SseMessage` per frame: events named by `:event-type`, exceptions by `:exception-type`
 * (`throttlingException`, …), error frames as `error` with `{code, message}`. Frames are split by
 * their length prefix and decoded (CRCs checked) by `@smithy/eventstream-codec`; input may be cut
 * anywhere. A corrupt frame gives one `error` message and ends the parse.
 * @see https://docs.aws.amazon.com/transcribe/latest/dg/streaming-setting-up.html#streaming-event-stream
 * @see https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_ConverseStream.html
 */
export function createBedrockEventStreamParser(): StreamMachine<Uint8Array, SseMessage> {
  let pending = new Uint8Array(0);
  let failed = false;
  const take = (): SseMessage[] => {
    const out: SseMessage[] = [];
    while (!failed && pending.length >= 4) {
      const length = new DataView(pending.buffer, pending.byteOffset, 4).getUint32(0, false);
      if (length < MIN_FRAME_BYTES || length > MAX_FRAME_BYTES) {
        failed = true;
        out.push(invalidFrame(`length ${length}`));
        break;
      }
      if (pending.length < length) break;
      const frame = pending.subarray(0, length);
      pending = pending.subarray(length);
      try {
        const message = toSseMessage(frame);
        if (message) out.push(message);
      } catch (error) {
        failed = true;
        out.push(invalidFrame(error instanceof Error ? error.message : String(error)));
      }
    }
    return out;
  };
  return {
    push(chunk) {
      if (failed) return [];
      const joined = new Uint8Array(pending.length + chunk.length);
      joined.set(pending);
      joined.set(chunk, pending.length);
      pending = joined;
      return take();
    },
    end() {
      const out = take();
      if (!failed && pending.length > 0) out.push(invalidFrame(`${pending.length} trailing bytes`));
      pending = new Uint8Array(0);
      return out;
    },
  };
}

/**
 * One ConverseStream event (`SseMessage` named by event type, JSON data) as an event stream
 * frame: names ending in `Exception` become exception frames. For tests and loopback upstreams.
 */
export function encodeBedrockEventStreamMessage(message: SseMessage): Uint8Array {
  const name = message.event ?? 'message';
  const exception = /Exception$/.test(name);
  const headers: MessageHeaders = {
    [exception ? ':exception-type' : ':event-type']: { type: 'string', value: name },
    ':content-type': { type: 'string', value: 'application/json' },
    ':message-type': { type: 'string', value: exception ? 'exception' : 'event' },
  };
  return codec.encode({ headers, body: fromUtf8(message.data) });
}
