import type { SseMessage } from '@interlingua/ir';
import { serializeSseComment, serializeSseMessages } from '@interlingua/ir-utils';

/** How a style frames a streamed answer on the wire. */
export interface StreamFramer {
  contentType: string;
  open(): string;
  frame(messages: readonly SseMessage[]): string;
  close(): string;
  /** Bytes that keep an idle connection open without meaning anything to the client. */
  keepAlive(): string;
}

/** Server-sent events; `keepAlive` defaults to an SSE comment. */
export function sseFramer(keepAlive: () => string = () => serializeSseComment()): StreamFramer {
  return { contentType: 'text/event-stream', open: () => '', frame: serializeSseMessages, close: () => '', keepAlive };
}

/**
 * A JSON array written element by element (Gemini `:streamGenerateContent` without `alt=sse`):
 * each message's data is one element.
 */
export function jsonArrayFramer(): StreamFramer {
  let first = true;
  return {
    contentType: 'application/json',
    open: () => '[',
    frame(messages) {
      let out = '';
      for (const message of messages) {
        out += (first ? '' : ',\r\n') + message.data;
        first = false;
      }
      return out;
    },
    close: () => ']',
    keepAlive: () => '',
  };
}
