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
import { listRecordings, recordingJson, recordingSseBody, type Recording } from '@interlingua/testkit';
import { describe, expect, it } from 'vitest';
import { createStreamTranslator, translateResponse } from './translate.js';
import { GENERATION_STYLES, type GenerationStyle } from './translation-styles.js';

/**
 * Every recorded answer of every style, converted to every other style, must pass the target
 * style's strict schema: whole answers and each streamed event.
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
});
