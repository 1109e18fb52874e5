import { asRecord, parseSseText, safeJsonParse } from '@interlingua/ir-utils';
import type { GenerationStyle } from '@interlingua/provider-adapters';
import { eventMessages } from './sse-event-boundaries.js';
import { byStyle, OPENAI_CHAT, STYLE_STREAM_FIELDS } from '../http/request-styles.js';

/** Encoded once: a string needle is re-encoded by every `includes` call. */
const DATA_FIELD = Buffer.from('data:');
const DONE_DATA = Buffer.from('data: [DONE]');

/** `event:` names (or data `type`s) that end a stream of each SSE style with named events (its package's `endEvents`). */
const TERMINAL_EVENTS = byStyle((style): ReadonlySet<string> | undefined => {
  const events = STYLE_STREAM_FIELDS[style].endEvents;
  return events.length > 0 ? new Set(events) : undefined;
});

/**
 * Whether an event (the bytes of `buffer` from `start` to `end`) may hold stream content rather
 * than only a comment, so the relay keeps it as the candidate last event. A `[DONE]` some servers
 * append after the real end of a style that has its own end event is not content either. A byte
 * test, no parsing.
 */
export function holdsData(buffer: Buffer, wire: GenerationStyle, start = 0, end = buffer.length): boolean {
  // A chat event whose first line is its `data:` field (every one, nearly) needs no search.
  if (wire === OPENAI_CHAT && startsWithData(buffer, start)) return true;
  const event = start === 0 && end === buffer.length ? buffer : buffer.subarray(start, end);
  if (event[0] === 0x3a || !event.includes(DATA_FIELD)) return false;
  return wire === OPENAI_CHAT || !event.includes(DONE_DATA);
}

/** Whether the event at `start` begins with its `data:` field. */
function startsWithData(buffer: Buffer, start: number): boolean {
  return (
    buffer[start] === 0x64 &&
    buffer[start + 1] === 0x61 &&
    buffer[start + 2] === 0x74 &&
    buffer[start + 3] === 0x61 &&
    buffer[start + 4] === 0x3a
  );
}

/**
 * Whether a stream whose last event with data was `event` ended the way its style ends: `[DONE]`
 * (chat), `message_stop` (Anthropic), a terminal response event (Responses), a candidate's
 * `finishReason` or a blocked prompt (Gemini), or the style's own error. Only this one event is
 * parsed, once, when the upstream has closed the stream.
 */
export function endsStream(wire: GenerationStyle, event: Buffer | undefined): boolean {
  if (!event) return false;
  const message = eventMessages(event).at(-1);
  if (!message) return false;
  const named = TERMINAL_EVENTS[wire];
  if (named) return named.has(message.event ?? dataField(message.data, 'type'));
  if (wire === OPENAI_CHAT) return message.data.trim() === '[DONE]' || dataField(message.data, 'error') !== '';
  return (
    message.data.includes('"finishReason"') ||
    message.data.includes('"blockReason"') ||
    dataField(message.data, 'error') !== ''
  );
}

/** A top-level field of a JSON event's data, as text ('' when absent or not JSON). */
function dataField(data: string, name: string): string {
  const parsed = safeJsonParse(data);
  const value = parsed.ok ? asRecord(parsed.value)?.[name] : undefined;
  if (value === undefined || value === null) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * Whether bytes left after the last blank line are a whole event that only lacks its blank line
 * (`data: [DONE]\n`), which is passed on, rather than a cut one (never passed on: the caller
 * could not read it). Whitespace alone counts as whole; it is dropped as an empty event.
 */
export function isWholeTrailingEvent(bytes: Buffer): boolean {
  const text = bytes.toString('utf8');
  if (text.trim() === '') return true;
  const messages = parseSseText(text);
  return (
    messages.length > 0 && messages.every((message) => message.data === '[DONE]' || safeJsonParse(message.data).ok)
  );
}
