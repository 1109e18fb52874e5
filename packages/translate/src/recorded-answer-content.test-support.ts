import type { IrCitation, IrContentPart, IrFinishReasonValue, IrResponse } from '@interlingua/ir';
import { accumulateResponse, parseSseText, parseToolArguments, runMachineSync } from '@interlingua/ir-utils';
import type { RecordedAnswer } from '@interlingua/testkit';
import { styleCodec, type GenerationStyle } from './translation-styles.js';

/* Test support (not exported by the package): the content of an answer, read from a recording's sidecar or from an IR answer. */

/** What an answer says, whatever its style: what a conversion must carry across. */
export interface AnswerContent extends Omit<RecordedAnswer, 'finish'> {
  finish: IrFinishReasonValue;
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
