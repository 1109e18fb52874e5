import {
  anthropicMessagesStrictResponseSchema,
  anthropicMessagesStrictStreamEventSchema,
} from '@interlingua/anthropic-messages';
import { geminiStrictResponseSchema } from '@interlingua/gemini';
import type { IrResponse } from '@interlingua/ir';
import { accumulateResponse, runMachineSync, safeJsonParse } from '@interlingua/ir-utils';
import { openAiChatStrictChunkSchema, openAiChatStrictResponseSchema } from '@interlingua/openai-chat';
import {
  openAiResponsesStrictResponseSchema,
  openAiResponsesStrictStreamEventSchema,
} from '@interlingua/openai-responses';
import { codecFor } from '@interlingua/provider-adapters';
import type { ZodMiniType as ZodType } from 'zod/mini';
import type { ExpectedAnswer } from './compatibility-features.test-support.js';
import type { InboundMode, InboundOutcome, InboundStyle } from './inbound-callers.test-support.js';

/** Each style's strict schemas: a whole answer, and one streamed payload. */
const STRICT: Record<InboundStyle, { response: ZodType; streamed: ZodType }> = {
  'openai-chat': { response: openAiChatStrictResponseSchema, streamed: openAiChatStrictChunkSchema },
  'openai-responses': {
    response: openAiResponsesStrictResponseSchema,
    streamed: openAiResponsesStrictStreamEventSchema,
  },
  'anthropic-messages': {
    response: anthropicMessagesStrictResponseSchema,
    streamed: anthropicMessagesStrictStreamEventSchema,
  },
  gemini: { response: geminiStrictResponseSchema, streamed: geminiStrictResponseSchema },
};

/**
 * A complete answer as the caller's style reads it: each payload checked against the style's
 * strict schema (problems named), then decoded to IR by the style's codec.
 */
export function answerIr(
  mode: InboundMode,
  outcome: Extract<InboundOutcome, { kind: 'complete' }>,
): { ir: IrResponse; problems: string[] } {
  const problems: string[] = [];
  const strict = mode.framing === 'json' ? STRICT[mode.style].response : STRICT[mode.style].streamed;
  for (const payload of outcome.payloads) {
    if (payload === '[DONE]') continue;
    const checked = strict.safeParse(payload);
    if (!checked.success)
      problems.push(
        `the answer breaks the ${mode.style} schema: ${checked.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`,
      );
  }
  const codec = codecFor(mode.style);
  const ir =
    mode.framing === 'json'
      ? codec.response.toIr(outcome.payloads[0]).value
      : accumulateResponse(runMachineSync(codec.stream.createDecoder(), outcome.events));
  return { ir, problems: [...new Set(problems)] };
}

/** How the caller's answer differs from the expected one (empty when it does not). */
export function compareAnswer(ir: IrResponse, expected: ExpectedAnswer): string[] {
  const choice = ir.choices[0];
  const parts = choice?.content ?? [];
  const problems: string[] = [];
  const text = parts.map((part) => (part.type === 'text' ? part.text : '')).join('');
  if (expected.text !== undefined && text !== expected.text)
    problems.push(`text ${JSON.stringify(text)} instead of ${JSON.stringify(expected.text)}`);
  const reasoning = parts.map((part) => (part.type === 'reasoning' ? part.text : '')).join('');
  if (expected.reasoning !== undefined && reasoning !== expected.reasoning)
    problems.push(reasoning === '' ? 'no reasoning reached the caller' : `reasoning ${JSON.stringify(reasoning)}`);
  const calls = parts.flatMap((part) =>
    part.type === 'tool-call' ? [{ name: part.name, args: parseArgs(part.argumentsJson) }] : [],
  );
  const wanted = expected.toolCalls ?? [];
  if (JSON.stringify(calls) !== JSON.stringify(wanted))
    problems.push(`tool calls ${JSON.stringify(calls)} instead of ${JSON.stringify(wanted)}`);
  const finish = choice?.finishReason.unified;
  if (finish !== expected.finish) problems.push(`finish reason ${finish ?? 'none'} instead of ${expected.finish}`);
  if (expected.usage) {
    const usage = ir.usage;
    if (usage?.inputTokens !== expected.usage.inputTokens || usage.outputTokens !== expected.usage.outputTokens) {
      problems.push(
        usage
          ? `usage ${usage.inputTokens} in / ${usage.outputTokens} out instead of ${expected.usage.inputTokens} / ${expected.usage.outputTokens}`
          : 'no usage reached the caller',
      );
    }
    for (const field of ['cacheReadTokens', 'cacheWriteTokens'] as const) {
      const want = expected.usage[field];
      if (want !== undefined && (usage?.[field] ?? 0) !== want)
        problems.push(`${field} ${usage?.[field] ?? 'missing'} instead of ${want}`);
    }
  }
  return problems;
}

function parseArgs(json: string): unknown {
  const parsed = safeJsonParse(json);
  return parsed.ok ? parsed.value : json;
}
