import type { IrCitation, IrContentPart, IrFinishReasonValue, IrResponse } from '@interlingua/ir';
import { accumulateResponse, parseSseText, parseToolArguments, runMachineSync } from '@interlingua/ir-utils';
import type { Recording } from '@interlingua/testkit';
import { styleCodec, type GenerationStyle } from './translation-styles.js';

/* Test support (not exported by the package): the content of an answer, read from a recording's sidecar or from an IR answer. */

/** What an answer says, whatever its style: what a conversion must carry across. */
export interface AnswerContent {
  text: string;
  toolCalls: Array<{ name: string; arguments: unknown }>;
  finish: IrFinishReasonValue;
  usage: { input: number; output: number } | null;
}

/** A cited span: the page and the words of the answer it covers. */
export interface CitedSpan {
  url: string;
  span: string;
}

/** A whole answer body of a style read into the IR by that style's own codec. */
export function wholeAnswerIr(style: GenerationStyle, body: unknown): IrResponse {
  return styleCodec(style).response.toIr(body as never).value;
}

/** A streamed answer (SSE text) of a style read into the IR by that style's own decoder. */
export function streamedAnswerIr(style: GenerationStyle, sse: string): IrResponse {
  return accumulateResponse(runMachineSync(styleCodec(style).stream.createDecoder(), parseSseText(sse)));
}

export function contentOf(ir: IrResponse): AnswerContent {
  const choice = ir.choices[0];
  const parts = choice?.content ?? [];
  return {
    text: parts.map((part) => (part.type === 'text' ? part.text : '')).join(''),
    toolCalls: parts.flatMap((part) =>
      part.type === 'tool-call' ? [{ name: part.name, arguments: parseToolArguments(part.argumentsJson) }] : [],
    ),
    finish: choice?.finishReason.unified ?? 'other',
    usage: ir.usage ? { input: ir.usage.inputTokens, output: ir.usage.outputTokens } : null,
  };
}

function citationsOf(ir: IrResponse): Array<{ text: string; citation: IrCitation }> {
  const parts: IrContentPart[] = ir.choices[0]?.content ?? [];
  return parts.flatMap((part) =>
    part.type === 'text' ? (part.citations ?? []).map((citation) => ({ text: part.text, citation })) : [],
  );
}

/** The cited spans of an answer, read by the citations' offsets (absent offsets cite the whole part). */
export function citedSpansOf(ir: IrResponse): CitedSpan[] {
  return citationsOf(ir).map(({ text, citation }) => ({
    url: citation.url,
    span: text.slice(citation.startIndex ?? 0, citation.endIndex ?? text.length),
  }));
}

/**
 * The cited spans of an Anthropic answer made from another style: Anthropic cites whole text
 * blocks, so the words a span covered travel in the citation's `cited_text`.
 */
export function spansCarriedAsCitedText(ir: IrResponse): CitedSpan[] {
  return citationsOf(ir).map(({ citation }) => ({ url: citation.url, span: citation.citedText ?? '' }));
}

type Sidecar = Record<string, unknown>;
type Counts = Record<string, number | undefined>;

/** Each style's raw stop value as its sidecar records it, in the IR's words. */
const FINISH_BY_RAW: Record<string, IrFinishReasonValue> = {
  stop: 'stop',
  end_turn: 'stop',
  STOP: 'stop',
  completed: 'stop',
  length: 'length',
  max_tokens: 'length',
  MAX_TOKENS: 'length',
  tool_calls: 'tool-calls',
  tool_use: 'tool-calls',
  content_filter: 'content-filter',
};

function sidecarFinish(style: GenerationStyle, sidecar: Sidecar, calls: number): IrFinishReasonValue {
  const raw = String(sidecar.finish_reason ?? sidecar.stop_reason ?? sidecar.status);
  const unified = FINISH_BY_RAW[raw];
  if (!unified) throw new Error(`the sidecar's stop value ${raw} has no IR meaning in this test`);
  // Gemini says STOP and the Responses API says completed after function calls too.
  const callsSayStop = style === 'gemini' || style === 'openai-responses';
  return callsSayStop && unified === 'stop' && calls > 0 ? 'tool-calls' : unified;
}

/** The recorded token counts in the IR's terms: input holds cached and tool-prompt tokens, output holds thoughts. */
function sidecarUsage(style: GenerationStyle, usage: Counts | null): AnswerContent['usage'] {
  if (!usage) return null;
  const n = (key: string): number => usage[key] ?? 0;
  switch (style) {
    case 'openai-chat':
      return { input: n('prompt_tokens'), output: n('completion_tokens') };
    case 'openai-responses':
      return { input: n('input_tokens'), output: n('output_tokens') };
    case 'anthropic-messages':
      return {
        input: n('input_tokens') + n('cache_read_input_tokens') + n('cache_creation_input_tokens'),
        output: n('output_tokens'),
      };
    case 'gemini':
      return {
        input: n('promptTokenCount') + n('toolUsePromptTokenCount'),
        output: n('candidatesTokenCount') + n('thoughtsTokenCount'),
      };
  }
}

/** What the recording's sidecar says the answer is: written when it was recorded, not by our decoders. */
export function expectedContent(recording: Recording): AnswerContent {
  const sidecar = recording.expect;
  const style = recording.style as GenerationStyle;
  const calls = (sidecar.tool_calls as Array<{ name: string; arguments: unknown }>).map((call) => ({
    name: call.name,
    arguments: call.arguments,
  }));
  return {
    text: (sidecar.text as string | null) ?? '',
    toolCalls: calls,
    finish: sidecarFinish(style, sidecar, calls.length),
    usage: sidecarUsage(style, sidecar.usage as Counts | null),
  };
}
