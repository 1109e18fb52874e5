import type { IrChoice, IrContentPart, IrResponse, IrWarning, Result } from '@interlingua/ir';
import { IrError } from '@interlingua/ir';
import { asRecord } from '@interlingua/ir-utils';
import { geminiErrorToIr } from './gemini-error-to-ir.js';
import { StreamedCallFolder } from './gemini-partial-args.js';
import type { GeminiResponseExtensions } from './gemini-extensions.js';
import { extraFields } from './gemini-extensions.js';
import { synthesizeResponseCallId } from './gemini-ids.js';
import type { GeminiPartLike } from './gemini-part-to-ir.js';
import { geminiPartToIr } from './gemini-part-to-ir.js';
import type { GeminiLenientPart } from './gemini-response-schema.js';
import {
  geminiLenientCandidateSchema,
  geminiLenientPartSchema,
  geminiResponseSchema,
} from './gemini-response-schema.js';
import { groundingToIr, isGrounded } from './gemini-grounding.js';
import { geminiUsageToIr } from './gemini-usage-to-ir.js';
import { geminiFinishReasonToIr } from './map/gemini-finish-reason.js';

const RESPONSE_FIELDS = new Set(['candidates', 'usageMetadata', 'modelVersion', 'responseId', 'createTime']);
const CANDIDATE_FIELDS = new Set(['content', 'finishReason', 'index']);
/** A candidate's grounding is carried as its web-search part and citations. */
const GROUNDED_CANDIDATE_FIELDS = new Set([...CANDIDATE_FIELDS, 'groundingMetadata']);

/** Searches Gemini bills: each query a grounded answer ran (at least one per grounded answer). */
export function countSearches(searches: IrContentPart[]): number {
  return searches.reduce((sum, part) => sum + (part.type === 'web-search' ? Math.max(part.queries.length, 1) : 0), 0);
}

/** Puts a grounded answer's citations on its text parts and its search after them. */
function groundAnswer(metadata: Record<string, unknown>, content: IrContentPart[], id: string): void {
  const texts = content.filter((part) => part.type === 'text');
  const { search, citations } = groundingToIr(
    metadata,
    id,
    texts.map((part) => part.text),
  );
  for (const { part, citation } of citations) {
    const text = texts[part];
    if (text) (text.citations ??= []).push(citation);
  }
  content.push(search);
}

/**
 * A `GenerateContentResponse` -> IR response. Lenient: unknown fields are kept in
 * `extensions.gemini` (safety ratings, citations, prompt feedback); Google Search grounding is a
 * web-search part after the answer and citations on its text. A prompt blocked
 * before generation (no candidates, `promptFeedback.blockReason`) is one empty choice finished
 * by `content-filter`. Throws the mapped IrError for an `{error}` body and `upstream-error` for
 * anything that is not an answer.
 */
export function geminiResponseToIr(wire: unknown): Result<IrResponse> {
  const body = asRecord(wire);
  if (body && asRecord(body.error)) throw new IrError(geminiErrorToIr(0, wire));
  const parsed = geminiResponseSchema.safeParse(wire);
  const data = parsed.success ? parsed.data : undefined;
  if (!body || !data || !(data.candidates || data.promptFeedback || data.usageMetadata)) {
    throw new IrError({
      kind: 'upstream-error',
      message: 'Gemini answer is not a GenerateContentResponse',
      source: 'upstream',
      raw: wire,
    });
  }
  const warnings: IrWarning[] = [];
  const responseId = data.responseId ?? '';
  const extensions: GeminiResponseExtensions = {};
  const choices: IrChoice[] = [];
  (data.candidates ?? []).forEach((candidate, position) => {
    const choice = geminiCandidateToIr(candidate, position, responseId, warnings, extensions);
    if (choice) choices.push(choice);
  });
  if (choices.length === 0) choices.push(blockedChoice(data.promptFeedback?.blockReason));
  const response: IrResponse = {
    id: responseId,
    model: data.modelVersion ?? '',
    created: geminiCreated(data.createTime),
    choices,
  };
  const usage = data.usageMetadata ? geminiUsageToIr(body.usageMetadata) : undefined;
  const searches = choices.flatMap((choice) => choice.content).filter((part) => part.type === 'web-search');
  if (usage && searches.length > 0) usage.webSearchRequests = countSearches(searches);
  if (usage) response.usage = usage;
  const fields = extraFields(body, RESPONSE_FIELDS);
  if (fields) extensions.fields = fields;
  if (extensions.fields || extensions.candidates) response.extensions = { gemini: { ...extensions } };
  return { value: response, warnings };
}

/** Unix seconds of a Gemini `createTime`, or now when absent. */
export function geminiCreated(createTime: string | undefined): number {
  const parsed = createTime === undefined ? Number.NaN : Date.parse(createTime);
  return Math.floor((Number.isNaN(parsed) ? Date.now() : parsed) / 1000);
}

/** The one empty choice of an answer without candidates: every block reason, known or not, is `content-filter`. */
function blockedChoice(blockReason: string | undefined): IrChoice {
  if (blockReason === undefined) return { index: 0, content: [], finishReason: { unified: 'other', raw: null } };
  return { index: 0, content: [], finishReason: { unified: 'content-filter', raw: blockReason } };
}

function geminiCandidateToIr(
  raw: unknown,
  position: number,
  responseId: string,
  warnings: IrWarning[],
  extensions: GeminiResponseExtensions,
): IrChoice | undefined {
  const parsed = geminiLenientCandidateSchema.safeParse(raw);
  if (!parsed.success) {
    warnings.push({ kind: 'dropped', field: `candidates[${position}]`, message: 'malformed Gemini candidate' });
    return undefined;
  }
  const candidate = parsed.data;
  const index = candidate.index ?? position;
  const content = geminiPartsToIr(
    candidate.content?.parts ?? [],
    index,
    responseId,
    `candidates[${position}].content`,
    warnings,
  );
  if (isGrounded(candidate.groundingMetadata))
    groundAnswer(candidate.groundingMetadata, content, `${responseId}-grounding-${index}`);
  const hasCalls = content.some((part) => part.type === 'tool-call');
  const finishReason =
    candidate.finishReason === undefined
      ? { unified: 'other' as const, raw: null }
      : geminiFinishReasonToIr(candidate.finishReason, hasCalls);
  const fields = extraFields(
    candidate,
    isGrounded(candidate.groundingMetadata) ? GROUNDED_CANDIDATE_FIELDS : CANDIDATE_FIELDS,
  );
  if (fields) (extensions.candidates ??= []).push({ index, fields });
  return { index, content, finishReason };
}

/**
 * The parts of one answer candidate -> IR parts, merged the way the stream decoder builds its
 * blocks (adjacent text joins; adjacent thoughts join until one carries a signature), so that
 * streamed and whole answers agree.
 */
export function geminiPartsToIr(
  parts: unknown[],
  candidate: number,
  responseId: string,
  path: string,
  warnings: IrWarning[],
): IrContentPart[] {
  const content: IrContentPart[] = [];
  let calls = 0;
  const add = (part: GeminiLenientPart, j: number): void => {
    const irParts = geminiPartToIr(part as GeminiPartLike, {
      path: `${path}.parts[${j}]`,
      warnings,
      strict: false,
      callId: (call) => call.id ?? synthesizeResponseCallId(responseId, candidate, calls++),
      responseCallId: (response) => response.id ?? '',
    });
    for (const irPart of irParts) appendMerged(content, irPart, part.thought === true);
  };
  const streamed = new StreamedCallFolder(path, warnings);
  parts.forEach((raw, j) => {
    const parsed = geminiLenientPartSchema.safeParse(raw);
    if (!parsed.success) {
      warnings.push({ kind: 'dropped', field: `${path}.parts[${j}]`, message: 'malformed Gemini part' });
      return;
    }
    const folded = streamed.take(parsed.data, j);
    if (folded) add(folded.part, folded.at);
  });
  const rest = streamed.flush();
  if (rest) add(rest.part, rest.at);
  return content;
}

function appendMerged(content: IrContentPart[], part: IrContentPart, fromThought: boolean): void {
  const previous = content.at(-1);
  if (previous?.type === 'text' && part.type === 'text') {
    previous.text += part.text;
    return;
  }
  if (previous?.type === 'reasoning' && part.type === 'reasoning' && fromThought && !previous.opaque) {
    previous.text += part.text;
    if (part.opaque) previous.opaque = part.opaque;
    return;
  }
  content.push(part);
}
