import type { SseMessage, StreamMachine } from '@interlingua/ir';

/**
 * Incremental SSE parser per the WHATWG event-stream rules: LF, CR and CRLF line ends, multi-line
 * `data`, comments, `event`, `id`, `retry`. Input may be split anywhere, including inside a
 * multi-byte UTF-8 character or between CR and LF. Comments are not emitted.
 */
export function createSseParser(): StreamMachine<Uint8Array | string, SseMessage> {
  /** Made for the first bytes pushed: a parser given text never needs one. */
  let decoder: InstanceType<typeof TextDecoder> | undefined;
  const lines = createLineSplitter();
  const event = createEventBuilder();

  return {
    push(chunk) {
      const text = typeof chunk === 'string' ? chunk : (decoder ??= new TextDecoder()).decode(chunk, { stream: true });
      return collect(lines.push(text), event);
    },
    end() {
      const out = collect([...lines.push(decoder?.decode() ?? ''), ...lines.end()], event);
      const last = event.finishAtEof();
      return last ? [...out, last] : out;
    },
  };
}

/** Parses a complete SSE body. */
export function parseSseText(text: string): SseMessage[] {
  const parser = createSseParser();
  return [...parser.push(text), ...parser.end()];
}

function collect(lines: string[], event: EventBuilder): SseMessage[] {
  const out: SseMessage[] = [];
  for (const line of lines) {
    const message = event.line(line);
    if (message) out.push(message);
  }
  return out;
}

interface LineSplitter {
  push(text: string): string[];
  end(): string[];
}

function createLineSplitter(): LineSplitter {
  let buffer = '';
  return {
    // Line ends are found with indexOf (far faster than a loop over every character). A CR that
    // ends the input waits for the next chunk, which may begin with its LF.
    push(text) {
      const lines: string[] = [];
      const all = buffer + text;
      let start = 0;
      let cr = all.indexOf('\r');
      let lf = all.indexOf('\n');
      while (lf !== -1 || (cr !== -1 && cr < all.length - 1)) {
        const end = cr === -1 || (lf !== -1 && lf < cr) ? lf : cr;
        lines.push(all.slice(start, end));
        start = end + (end === cr && all.charCodeAt(end + 1) === 10 ? 2 : 1);
        if (cr !== -1 && cr < start) cr = all.indexOf('\r', start);
        if (lf !== -1 && lf < start) lf = all.indexOf('\n', start);
      }
      buffer = all.slice(start);
      return lines;
    },
    end() {
      const rest = buffer;
      buffer = '';
      return rest === '' ? [] : [rest.endsWith('\r') ? rest.slice(0, -1) : rest];
    },
  };
}

interface EventBuilder {
  line(line: string): SseMessage | undefined;
  finishAtEof(): SseMessage | undefined;
}

function createEventBuilder(): EventBuilder {
  let data: string[] = [];
  let eventName: string | undefined;
  let id: string | undefined;
  let retry: number | undefined;
  let hasFields = false;

  const dispatch = (): SseMessage | undefined => {
    const hadData = data.length > 0;
    const message: SseMessage = { data: data.join('\n') };
    if (eventName !== undefined) message.event = eventName;
    if (id !== undefined) message.id = id;
    if (retry !== undefined) message.retry = retry;
    const fields = hasFields;
    data = [];
    eventName = undefined;
    retry = undefined;
    hasFields = false;
    return hadData || (fields && message.event !== undefined) ? message : undefined;
  };

  return {
    line(line) {
      if (line === '') return dispatch();
      if (line.startsWith(':')) return undefined;
      const colon = line.indexOf(':');
      const field = colon === -1 ? line : line.slice(0, colon);
      let value = colon === -1 ? '' : line.slice(colon + 1);
      if (value.startsWith(' ')) value = value.slice(1);
      hasFields = true;
      if (field === 'data') data.push(value);
      else if (field === 'event') eventName = value;
      else if (field === 'id') id = value.includes('\0') ? id : value;
      else if (field === 'retry' && /^\d+$/.test(value)) retry = Number(value);
      return undefined;
    },
    // A body that ends without the final blank line still delivers its last event.
    finishAtEof: () => (data.length > 0 ? dispatch() : undefined),
  };
}
