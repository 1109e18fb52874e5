import { isAscii } from 'node:buffer';
import type { SseMessage, StreamMachine } from '@interlingua/ir';
import { createSseParser } from '@interlingua/ir-utils';

/**
 * Upstream stream bytes as text: a chunk of ASCII bytes (nearly every chunk of JSON events) is
 * read as Latin-1, which is exact for ASCII and several times cheaper than `TextDecoder`; any
 * other chunk, and the chunk after one that may end inside a character, goes through a
 * streaming `TextDecoder`. A byte-order mark at the very start is dropped, as `TextDecoder`
 * drops it.
 */
export function createUpstreamTextDecoder(): { push(chunk: Buffer): string; end(): string } {
  const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  /** The decoder may hold the first bytes of a character. */
  let holding = false;
  let started = false;
  const dropLeadingBom = (text: string): string => {
    if (started || text === '') return text;
    started = true;
    return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  };
  return {
    push(chunk) {
      if (!holding && isAscii(chunk)) return dropLeadingBom(chunk.toString('latin1'));
      holding = chunk.length > 0 && (chunk[chunk.length - 1] ?? 0) >= 0x80;
      return dropLeadingBom(decoder.decode(chunk, { stream: true }));
    },
    end: () => dropLeadingBom(decoder.decode()),
  };
}

/** An upstream's SSE body, chunk by chunk, as messages. */
export function createUpstreamSseReader(): StreamMachine<Buffer, SseMessage> {
  const text = createUpstreamTextDecoder();
  const parser = createSseParser();
  return {
    push: (chunk) => parser.push(text.push(chunk)),
    end: () => [...parser.push(text.end()), ...parser.end()],
  };
}
