import type { IrStreamEvent, StreamMachine } from '@interlingua/ir';
import { IrError } from '@interlingua/ir';
import { pipeMachines, safeJsonParse } from '@interlingua/ir-utils';
import { createGeminiChunkDecoder } from './gemini-stream-decoder.js';

type Phase = 'before' | 'between' | 'element' | 'after';

function malformed(message: string): IrError {
  return new IrError({ kind: 'upstream-error', message: `Gemini JSON array stream: ${message}`, source: 'upstream' });
}

function isSpace(c: number): boolean {
  return c === 32 || c === 10 || c === 13 || c === 9 || c === 0xfeff;
}

/**
 * Incremental parser for `:streamGenerateContent` without `alt=sse`: the body is one JSON array
 * written element by element (`[{…}\n,\r\n{…}\n]`). Takes text (or bytes, UTF-8, split
 * anywhere) and emits each element as soon as its closing brace arrives. It tracks
 * string/escape/depth state across chunks and never re-scans earlier input. A bare object body
 * (an error answer) is read as one element. Throws an `upstream-error` IrError on malformed or
 * truncated input.
 */
export function createGeminiJsonArrayParser(): StreamMachine<string | Uint8Array, unknown> {
  const decoder = new TextDecoder('utf-8');
  let phase: Phase = 'before';
  let topLevelObject = false;
  let depth = 0;
  let inString = false;
  let escaped = false;
  let buffer = '';

  const complete = (text: string): unknown => {
    const parsed = safeJsonParse(text);
    if (!parsed.ok) throw malformed(`invalid element: ${parsed.error}`);
    return parsed.value;
  };

  const feed = (text: string): unknown[] => {
    const out: unknown[] = [];
    let start = 0;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (phase === 'element') {
        if (inString) {
          if (escaped) escaped = false;
          else if (c === 92) escaped = true;
          else if (c === 34) inString = false;
        } else if (c === 34) inString = true;
        else if (c === 123 || c === 91) depth++;
        else if ((c === 125 || c === 93) && --depth === 0) {
          out.push(complete(buffer + text.slice(start, i + 1)));
          buffer = '';
          phase = topLevelObject ? 'after' : 'between';
        }
        continue;
      }
      if (isSpace(c)) continue;
      if (phase === 'before' && c === 91) phase = 'between';
      else if ((phase === 'between' && (c === 123 || c === 91)) || (phase === 'before' && c === 123)) {
        topLevelObject = phase === 'before';
        phase = 'element';
        depth = 1;
        start = i;
      } else if (phase === 'between' && c === 44) continue;
      else if (phase === 'between' && c === 93) phase = 'after';
      else throw malformed(`unexpected character '${text[i]}'`);
    }
    if (phase === 'element') buffer += text.slice(start);
    return out;
  };

  return {
    push: (chunk) => feed(typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true })),
    end() {
      const out = feed(decoder.decode());
      if (phase === 'element') throw malformed('the body ended inside an element');
      if (phase === 'between') throw malformed('the body ended before the closing ]');
      return out;
    },
  };
}

/**
 * Writing the JSON-array stream incrementally: `open()`, then `element(json, first)` for each
 * chunk (`,` separators, Gemini's own `\r\n` layout), then `close()`. An in-band error is an
 * `{"error":{…}}` element followed by `close()`.
 */
export const geminiJsonArrayFraming = {
  open: (): string => '[',
  element: (json: string, first: boolean): string => (first ? json : `\r\n,${json}`),
  close: (): string => ']',
} as const;

/** Bytes or text of a JSON-array stream -> IR events (parser + chunk decoder). */
export function createGeminiJsonArrayDecoder(): StreamMachine<string | Uint8Array, IrStreamEvent> {
  return pipeMachines(createGeminiJsonArrayParser(), createGeminiChunkDecoder());
}
