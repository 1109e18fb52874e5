import {
  anthropicMessagesStrictResponseSchema,
  anthropicMessagesStrictStreamEventSchema,
} from '@interlingua/anthropic-messages';
import { geminiStrictResponseSchema } from '@interlingua/gemini';
import { parseSseText } from '@interlingua/ir-utils';
import { openAiChatStrictChunkSchema, openAiChatStrictResponseSchema } from '@interlingua/openai-chat';
import {
  openAiResponsesStrictResponseSchema,
  openAiResponsesStrictStreamEventSchema,
} from '@interlingua/openai-responses';
import { listRecordings, recordedAnswer, recordingJson, recordingSseBody, type Recording } from '@interlingua/testkit';
import { describe, expect, it } from 'vitest';
import {
  citedSpansOf,
  contentOf,
  spansCarriedAsCitedText,
  streamedAnswerIr,
  wholeAnswerIr,
  type AnswerContent,
} from './recorded-answer-content.test-support.js';
import { createStreamTranslator, translateResponse } from './translate.js';
import { GENERATION_STYLES, type GenerationStyle } from './translation-styles.js';

/**
 * Every recorded answer of every style, converted to every other style, must pass the target
 * style's strict schema (whole answers and each streamed event) and say what the recording says:
 * the converted answer, read back by the target style's own decoder, carries the sidecar's text,
 * tool calls (names and arguments), finish reason and token counts, and the recording's cited
 * pages with the words each one covers.
 */
const STRICT: Record<
  GenerationStyle,
  {
    response: { safeParse(data: unknown): { success: boolean; error?: { issues: unknown[] } } };
    event: (data: unknown) => boolean;
  }
> = {
  'openai-chat': {
    response: openAiChatStrictResponseSchema,
    event: (data) => openAiChatStrictChunkSchema.safeParse(data).success,
  },
  'openai-responses': {
    response: openAiResponsesStrictResponseSchema,
    event: (data) => openAiResponsesStrictStreamEventSchema.safeParse(data).success,
  },
  'anthropic-messages': {
    response: anthropicMessagesStrictResponseSchema,
    event: (data) => anthropicMessagesStrictStreamEventSchema.safeParse(data).success,
  },
  gemini: { response: geminiStrictResponseSchema, event: (data) => geminiStrictResponseSchema.safeParse(data).success },
};

const pairs = GENERATION_STYLES.flatMap((from) =>
  GENERATION_STYLES.filter((to) => to !== from).map((to) => [from, to] as const),
);

function recordings(style: GenerationStyle, streaming: boolean): Recording[] {
  return listRecordings(style, (row) => row.streaming === streaming && row.http_status === 200);
}

function converted(recording: Recording, from: GenerationStyle, to: GenerationStyle): { body: unknown; sse: string } {
  if (!recording.streaming) return { body: translateResponse(recordingJson(recording), from, to).value, sse: '' };
  const translator = createStreamTranslator(from, to, { includeUsage: true });
  return { body: undefined, sse: [...translator.push(recordingSseBody(recording)), ...translator.end()].join('') };
}

/** The converted answer's content next to the recording's; a recording without usage may read back as zeros. */
function expectSameContent(recording: Recording, from: GenerationStyle, to: GenerationStyle): void {
  const { body, sse } = converted(recording, from, to);
  const back = recording.streaming ? streamedAnswerIr(to, sse) : wholeAnswerIr(to, body);
  const expected: AnswerContent = recordedAnswer(recording);
  const actual = contentOf(back);
  if (expected.usage === null && actual.usage?.input === 0 && actual.usage.output === 0) actual.usage = null;
  expect(actual).toEqual(expected);

  const source = recording.streaming
    ? streamedAnswerIr(from, recordingSseBody(recording))
    : wholeAnswerIr(from, recordingJson(recording));
  const sourceSpans = citedSpansOf(source);
  const count = recording.expect.citations;
  if (typeof count === 'number') expect(sourceSpans).toHaveLength(count);
  const backSpans = to === 'anthropic-messages' ? spansCarriedAsCitedText(back) : citedSpansOf(back);
  // A style that merges text parts cites each (page, words) pair once per answer: the translators deduplicate.
  expect(distinct(backSpans)).toEqual(distinct(sourceSpans));
}

function distinct<T>(items: readonly T[]): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const key = JSON.stringify(item);
    return seen.has(key) ? false : (seen.add(key), true);
  });
}

describe.each(pairs)('%s answers as %s', (from, to) => {
  it.each(recordings(from, false).map((r) => [r.file, r] as const))(
    'whole answer %s passes the strict schema',
    (_file, recording) => {
      const { value } = translateResponse(recordingJson(recording), from, to);
      const parsed = STRICT[to].response.safeParse(value);
      expect(parsed.success, JSON.stringify(parsed.error?.issues.slice(0, 3) ?? [])).toBe(true);
    },
  );

  it.each(recordings(from, true).map((r) => [r.file, r] as const))(
    'stream %s passes the strict schema event by event',
    (_file, recording) => {
      const translator = createStreamTranslator(from, to, { includeUsage: true });
      const text = [...translator.push(recordingSseBody(recording)), ...translator.end()].join('');
      const events = parseSseText(text).filter((message) => message.data !== '[DONE]');
      expect(events.length).toBeGreaterThan(0);
      for (const event of events) expect(STRICT[to].event(JSON.parse(event.data)), event.data).toBe(true);
    },
  );

  it.each(recordings(from, false).map((r) => [r.file, r] as const))(
    'whole answer %s keeps its text, tool calls, citations, finish reason and usage',
    (_file, recording) => expectSameContent(recording, from, to),
  );

  it.each(recordings(from, true).map((r) => [r.file, r] as const))(
    'stream %s keeps its text, tool calls, citations, finish reason and usage',
    (_file, recording) => expectSameContent(recording, from, to),
  );
});

it('the matrix judges content on recordings that carry text, tool calls and cited spans in every style', () => {
  const all = GENERATION_STYLES.flatMap((style) => [...recordings(style, false), ...recordings(style, true)]);
  for (const style of GENERATION_STYLES) {
    const own = all.filter((recording) => recording.style === style).map(recordedAnswer);
    expect(own.some((content) => content.text.length > 0)).toBe(true);
    expect(own.some((content) => content.toolCalls.length > 0)).toBe(true);
  }
  const cited = all.filter((recording) => {
    const style = recording.style as GenerationStyle;
    const ir = recording.streaming
      ? streamedAnswerIr(style, recordingSseBody(recording))
      : wholeAnswerIr(style, recordingJson(recording));
    return citedSpansOf(ir).length > 0;
  });
  expect([...new Set(cited.map((recording) => recording.style))].sort()).toEqual([
    'anthropic-messages',
    'gemini',
    'openai-responses',
  ]);
});
