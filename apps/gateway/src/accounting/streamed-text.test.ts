import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { StreamedTextCount, streamedTextChars } from './streamed-text.js';

describe('streamedTextChars', () => {
  it('counts the text values of each style, in strings and in bytes alike', () => {
    const chat = 'data: {"choices":[{"delta":{"content":"héllo \\"you\\" \\u00e9"},"finish_reason":null}]}\n\n';
    expect(streamedTextChars(chat, 'openai-chat')).toBe('héllo "you" é'.length);
    expect(streamedTextChars(Buffer.from(chat), 'openai-chat')).toBe('héllo "you" é'.length);
    expect(
      streamedTextChars('data: {"choices":[{"delta":{"role":"assistant","content":null}}]}\n\n', 'openai-chat'),
    ).toBe(0);
    expect(
      streamedTextChars(
        'event: content_block_delta\ndata: {"delta":{"type":"text_delta","text" : "abc"}}\n\n',
        'anthropic-messages',
      ),
    ).toBe(3);
    expect(streamedTextChars('data: {"candidates":[{"content":{"parts":[{"text": "four"}]}}]}\r\n\r\n', 'gemini')).toBe(
      4,
    );
  });

  it('counts a key only when its own opening quote comes after the previous key', () => {
    // `"content"content":"x"`: the second `content"` borrows the first key's closing quote.
    expect(streamedTextChars('data: {"content"content":"x"}\n\n', 'openai-chat')).toBe(0);
    expect(streamedTextChars('data: {"reasoning_content":"ab","content":"c"}\n\n', 'openai-chat')).toBe(3);
    expect(streamedTextChars('"content":"abc"', 'openai-chat')).toBe(3);
  });

  it('leaves out what repeats the text (Responses `…done` events) and keep-alives', () => {
    const events =
      'event: response.output_text.delta\ndata: {"delta":"ab"}\n\nevent: response.output_text.done\ndata: {"text":"ab"}\n\n: keep-alive\n\n';
    expect(streamedTextChars(events, 'openai-responses')).toBe(2);
  });

  it('counts what a character-by-character reading counts, in any cut of any text, as string and as bytes', () => {
    /** The reading the counter must agree with: every character of the value, one at a time. */
    const reference = (text: string, keys: readonly string[], utf8: boolean): number => {
      const units = utf8 ? [...Buffer.from(text)] : Array.from({ length: text.length }, (_, i) => text.charCodeAt(i));
      const source = utf8 ? Buffer.from(text).toString('latin1') : text;
      let total = 0;
      for (const key of keys) {
        for (let at = source.indexOf(key); at !== -1; at = source.indexOf(key, at + key.length)) {
          let i = at + key.length;
          while (units[i] === 0x20 || units[i] === 0x09) i++;
          if (units[i] !== 0x3a) continue;
          i++;
          while (units[i] === 0x20 || units[i] === 0x09) i++;
          if (units[i] !== 0x22) continue;
          for (i++; i < units.length; i++) {
            const code = units[i] ?? 0;
            if (code === 0x22) break;
            if (code === 0x5c) i += units[i + 1] === 0x75 ? 5 : 1;
            else if (utf8 && code >= 0x80 && code < 0xc0) continue;
            total++;
          }
        }
      }
      return total;
    };
    const value = fc
      .array(
        fc.oneof(
          fc.string({ unit: 'grapheme', maxLength: 6 }),
          fc.constantFrom(
            '\\"',
            '\\\\',
            '\\n',
            '\\u00e9',
            'é',
            '🎉',
            '"',
            'content"',
            '"content":"',
            '_content":"',
            'refusal":',
          ),
        ),
        { maxLength: 6 },
      )
      .map((parts) => parts.join(''));
    const event = fc.tuple(
      fc.constantFrom('"content"', '"refusal"', '"role"', '"arguments"'),
      fc.constantFrom(':', ' : ', ':\t'),
      fc.oneof(
        value.map((v) => `"${v}"`),
        fc.constantFrom('null', '1', '{}'),
      ),
    );
    fc.assert(
      fc.property(fc.array(event, { maxLength: 5 }), fc.nat(), fc.nat(), (events, from, to) => {
        const whole = `data: {${events.map(([key, colon, v]) => key + colon + v).join(',')}}\n\n`;
        const [a, b] = [from % (whole.length + 1), to % (whole.length + 1)].sort((x, y) => x - y);
        const text = whole.slice(a, b);
        const keys = ['"content"', '"reasoning_content"', '"refusal"', '"arguments"'];
        expect(streamedTextChars(text, 'openai-chat')).toBe(reference(text, keys, false));
        expect(streamedTextChars(Buffer.from(text), 'openai-chat')).toBe(reference(text, keys, true));
      }),
      { numRuns: 500 },
    );
  });
});

describe('StreamedTextCount', () => {
  it('counts, when read, what counting every chunk as it came would have counted', () => {
    const text = fc.string({ unit: 'grapheme', maxLength: 40 }).map((value) => JSON.stringify(value));
    const chunk = fc
      .tuple(fc.constantFrom('"content"', '"refusal"', '"role"'), text, fc.boolean(), fc.nat({ max: 3 }))
      .map(([key, value, asBytes, repeat]) => {
        const event = `data: {"choices":[{"delta":{${key}:${value}}}]}\n\n`.repeat(1 + repeat * 250);
        return asBytes ? Buffer.from(event) : event;
      });
    fc.assert(
      fc.property(fc.array(chunk, { maxLength: 8 }), fc.nat({ max: 8 }), (chunks, readAfter) => {
        const count = new StreamedTextCount('openai-chat');
        let expected = 0;
        chunks.forEach((written, index) => {
          count.add(written);
          expected += streamedTextChars(written, 'openai-chat');
          if (index === readAfter) expect(count.chars()).toBe(expected);
        });
        expect(count.chars()).toBe(expected);
        expect(count.chars()).toBe(expected);
      }),
      { numRuns: 200 },
    );
  });

  it('is zero before anything was written', () => {
    expect(new StreamedTextCount('anthropic-messages').chars()).toBe(0);
  });
});
