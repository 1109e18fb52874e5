import type { IrErrorData, IrOpaque, IrStreamEvent, SseMessage, StreamMachine } from '@interlingua/ir';
import { asRecord, safeJsonParse } from '@interlingua/ir-utils';
import { geminiErrorToIr } from './gemini-error-to-ir.js';
import { GeminiStreamedArgs } from './gemini-partial-args.js';
import { synthesizeResponseCallId } from './gemini-ids.js';
import { fileDataToIr, geminiSignature, inlineDataToIr, isThoughtMedia } from './gemini-part-to-ir.js';
import type { GeminiLenientPart } from './gemini-response-schema.js';
import {
  geminiLenientCandidateSchema,
  geminiLenientPartSchema,
  geminiResponseSchema,
} from './gemini-response-schema.js';
import { groundingToIr, isGrounded } from './gemini-grounding.js';
import { countSearches, geminiCreated } from './gemini-response-to-ir.js';
import { geminiUsageToIr } from './gemini-usage-to-ir.js';
import { geminiFinishReasonToIr } from './map/gemini-finish-reason.js';

/** A chunk decoder that can also be told the input broke. */
export interface GeminiChunkDecoder extends StreamMachine<unknown, IrStreamEvent> {
  /** Ends the stream with an error event (nothing is emitted after it). */
  fail(error: IrErrorData): IrStreamEvent[];
}

interface CandidateState {
  open?: { index: number; kind: 'text' | 'reasoning'; signed: boolean };
  /** A call whose arguments are still streaming in pieces. */
  pendingCall?: { index: number; args: GeminiStreamedArgs };
  calls: number;
  sawCall: boolean;
  /** The answer's text blocks so far (IR index and text), which grounding offsets count. */
  texts: Array<{ index: number; text: string }>;
  /** The latest non-empty `groundingMetadata`, turned into a search and citations when the answer ends. */
  grounding?: Record<string, unknown>;
}

/** The state of one decoded stream; every method handles one kind of input. */
class GeminiChunkDecoderState {
  done = false;
  #started = false;
  #nextIndex = 0;
  #responseId = '';
  #lastUsageRaw = '';
  #searches = 0;
  readonly #candidates = new Map<number, CandidateState>();
  readonly #out: IrStreamEvent[] = [];

  drain(): IrStreamEvent[] {
    return this.#out.splice(0, this.#out.length);
  }

  fail(error: IrErrorData): void {
    this.#out.push({ type: 'error', error });
    this.done = true;
  }

  chunk(chunk: unknown): void {
    const record = asRecord(chunk);
    if (!record)
      return this.fail({
        kind: 'upstream-error',
        message: 'Gemini stream chunk is not a JSON object',
        source: 'upstream',
        raw: chunk,
      });
    if (asRecord(record.error)) return this.fail(geminiErrorToIr(0, chunk));
    const parsed = geminiResponseSchema.safeParse(chunk);
    if (!parsed.success) return;
    const data = parsed.data;
    if (!this.#started) {
      this.#started = true;
      this.#responseId = data.responseId ?? '';
      this.#out.push({
        type: 'response-start',
        id: this.#responseId,
        model: data.modelVersion ?? '',
        created: geminiCreated(data.createTime),
      });
    }
    (data.candidates ?? []).forEach((candidate, position) => this.#candidate(candidate, position));
    if (data.usageMetadata) this.#usageMetadata(record.usageMetadata);
  }

  end(): void {
    this.done = true;
    for (const [choice, state] of this.#candidates) {
      this.#finishCall(state);
      this.#ground(state, choice);
      this.#close(state);
    }
  }

  /** Cumulative usage: emitted whenever it changes, so that even a cut stream has its latest count. */
  #usageMetadata(raw: unknown): void {
    const key = `${this.#searches}:${JSON.stringify(raw)}`;
    const usage = key === this.#lastUsageRaw ? undefined : geminiUsageToIr(raw);
    if (!usage) return;
    if (this.#searches > 0) usage.webSearchRequests = this.#searches;
    this.#lastUsageRaw = key;
    this.#out.push({ type: 'usage-update', usage });
  }

  #candidate(raw: unknown, position: number): void {
    const parsed = geminiLenientCandidateSchema.safeParse(raw);
    if (!parsed.success) return;
    const candidate = parsed.data;
    const choice = candidate.index ?? position;
    const state = this.#stateOf(choice);
    for (const rawPart of candidate.content?.parts ?? []) {
      const part = geminiLenientPartSchema.safeParse(rawPart);
      if (part.success) this.#part(part.data, choice, state);
    }
    if (isGrounded(candidate.groundingMetadata)) state.grounding = candidate.groundingMetadata;
    if (candidate.finishReason === undefined) return;
    this.#finishCall(state);
    this.#ground(state, choice);
    this.#close(state);
    this.#out.push({
      type: 'finish',
      choice,
      finishReason: geminiFinishReasonToIr(candidate.finishReason, state.sawCall),
    });
  }

  #part(part: GeminiLenientPart, choice: number, state: CandidateState): void {
    const signature = part.thoughtSignature ? geminiSignature(part.thoughtSignature) : undefined;
    if (part.functionCall) return this.#functionCall(part.functionCall, signature, choice, state);
    if (part.thought === true && !isThoughtMedia(part)) return this.#thought(part.text ?? '', signature, choice, state);
    // Interim thought images are not carried (as in response.toIr); their signature still is.
    if (part.thought !== true) this.#content(part, choice, state);
    if (signature) {
      const index = this.#open(state, choice, 'reasoning');
      this.#out.push({ type: 'reasoning-signature', index, opaque: signature });
      this.#close(state);
    }
  }

  /** A visible text or media part. */
  #content(part: GeminiLenientPart, choice: number, state: CandidateState): void {
    if (part.text !== undefined) {
      if (part.text === '') return;
      const index = state.open?.kind === 'text' ? state.open.index : this.#open(state, choice, 'text');
      const last = state.texts.at(-1);
      if (last?.index === index) last.text += part.text;
      else state.texts.push({ index, text: part.text });
      this.#out.push({ type: 'text-delta', index, delta: part.text });
    } else if (part.inlineData || part.fileData) {
      this.#close(state);
      const file = part.inlineData ? inlineDataToIr(part.inlineData) : fileDataToIr(part.fileData ?? { fileUri: '' });
      this.#out.push({ type: 'file', index: this.#nextIndex++, choice, part: file });
    }
  }

  /**
   * A call part. A call whose arguments stream in pieces stays open (its start sent) while its
   * parts say `willContinue`; its arguments go out whole once the last piece came.
   */
  #functionCall(
    call: NonNullable<GeminiLenientPart['functionCall']>,
    signature: IrOpaque | undefined,
    choice: number,
    state: CandidateState,
  ): void {
    if (state.pendingCall) {
      state.pendingCall.args.add(call.partialArgs ?? []);
      if (call.willContinue !== true) this.#finishCall(state);
      return;
    }
    // A continuation piece without its first part has nothing to attach to.
    if (call.name === undefined) return;
    this.#close(state);
    const index = this.#nextIndex++;
    const id = call.id ?? synthesizeResponseCallId(this.#responseId, choice, state.calls++);
    this.#out.push({
      type: 'tool-call-start',
      index,
      choice,
      id,
      name: call.name,
      ...(signature ? { opaque: signature } : {}),
    });
    state.sawCall = true;
    const args = new GeminiStreamedArgs(call.args);
    args.add(call.partialArgs ?? []);
    state.pendingCall = { index, args };
    if (call.willContinue !== true) this.#finishCall(state);
  }

  #finishCall(state: CandidateState): void {
    const call = state.pendingCall;
    if (!call) return;
    delete state.pendingCall;
    this.#out.push({ type: 'tool-call-delta', index: call.index, argumentsDelta: call.args.json() });
    this.#out.push({ type: 'tool-call-end', index: call.index });
  }

  #thought(text: string, signature: IrOpaque | undefined, choice: number, state: CandidateState): void {
    const index =
      state.open?.kind === 'reasoning' && !state.open.signed
        ? state.open.index
        : this.#open(state, choice, 'reasoning');
    if (text) this.#out.push({ type: 'reasoning-delta', index, delta: text });
    if (signature && state.open) {
      this.#out.push({ type: 'reasoning-signature', index, opaque: signature });
      state.open.signed = true;
    }
  }

  /** Grounding, once the answer's text is known: citations of its text blocks, then the search as a block. */
  #ground(state: CandidateState, choice: number): void {
    const metadata = state.grounding;
    if (!metadata) return;
    delete state.grounding;
    const { search, citations } = groundingToIr(
      metadata,
      `${this.#responseId}-grounding-${choice}`,
      state.texts.map((block) => block.text),
    );
    for (const { part, citation } of citations) {
      const block = state.texts[part];
      if (block) this.#out.push({ type: 'text-citation', index: block.index, citation });
    }
    this.#searches += countSearches([search]);
    this.#close(state);
    this.#out.push({ type: 'web-search', index: this.#nextIndex++, choice, part: search });
  }

  #stateOf(choice: number): CandidateState {
    let state = this.#candidates.get(choice);
    if (!state) this.#candidates.set(choice, (state = { calls: 0, sawCall: false, texts: [] }));
    return state;
  }

  #open(state: CandidateState, choice: number, kind: 'text' | 'reasoning'): number {
    this.#close(state);
    const index = this.#nextIndex++;
    state.open = { index, kind, signed: false };
    this.#out.push(
      kind === 'text' ? { type: 'text-start', index, choice } : { type: 'reasoning-start', index, choice },
    );
    return index;
  }

  #close(state: CandidateState): void {
    if (!state.open) return;
    const { index, kind } = state.open;
    this.#out.push(kind === 'text' ? { type: 'text-end', index } : { type: 'reasoning-end', index });
    delete state.open;
  }
}

/**
 * Decodes parsed `GenerateContentResponse` chunks (SSE `data:` payloads or JSON-array elements)
 * into IR events. Text parts extend an open text block; thought parts an open reasoning block
 * (until it gets a signature); a `functionCall` becomes start + one delta with the full
 * arguments + end, its arguments merged first when they stream in pieces (`partialArgs`). A signature on a non-thought part (Gemini streams it last, on an empty text
 * part) becomes an empty reasoning block right after that part, as `response.toIr` does.
 * Every chunk's `usageMetadata` (cumulative) is a `usage-update` when it changed.
 */
export function createGeminiChunkDecoder(): GeminiChunkDecoder {
  const state = new GeminiChunkDecoderState();
  const run = (step: () => void): IrStreamEvent[] => {
    if (state.done) return [];
    step();
    return state.drain();
  };
  return {
    push: (chunk) => run(() => state.chunk(chunk)),
    fail: (error) => run(() => state.fail(error)),
    end: () => run(() => state.end()),
  };
}

/**
 * The SSE decoder (`:streamGenerateContent?alt=sse`): every `data:` is one whole
 * `GenerateContentResponse`; there are no event names (any are ignored), no `[DONE]`.
 * A `{"error":{…}}` payload or a payload that is not JSON becomes an `error` event.
 */
export function createGeminiStreamDecoder(): StreamMachine<SseMessage, IrStreamEvent> {
  const chunks = createGeminiChunkDecoder();
  return {
    push(message) {
      const data = message.data.trim();
      if (data === '' || data === '[DONE]') return [];
      const parsed = safeJsonParse(data);
      if (!parsed.ok)
        return chunks.fail({
          kind: 'upstream-error',
          message: `Gemini stream chunk is not JSON: ${parsed.error}`,
          source: 'upstream',
          raw: data,
        });
      return chunks.push(parsed.value);
    },
    end: () => chunks.end(),
  };
}
