import type {
  IrFilePart,
  IrFinishReason,
  IrStreamEvent,
  IrStreamEventHandlers,
  IrUsage,
  IrWebSearchPart,
  SseMessage,
  StreamEncoderOptions,
  StreamMachine,
} from '@interlingua/ir';
import { dispatchStreamEvent } from '@interlingua/ir';
import { newAnswerId } from '@interlingua/ir-utils';
import type { GeminiErrorBody } from './gemini-error-schema.js';
import type { GeminiResponse, GeminiResponsePart } from './gemini-strict-response-schema.js';
import { irToGroundingMetadata, type PlacedCitation } from './gemini-grounding.js';
import { geminiSignatureOf } from './gemini-signature-parts.js';
import { irFileToGemini } from './ir-to-gemini-file-part.js';
import { irErrorToGemini } from './ir-to-gemini-error.js';
import { toolCallPart } from './ir-to-gemini-response.js';
import { irUsageToGemini } from './ir-to-gemini-usage.js';
import { irFinishReasonToGemini } from './map/gemini-finish-reason.js';

type Block =
  | { kind: 'text'; choice: number }
  | { kind: 'reasoning'; choice: number; hadText: boolean; signature?: string }
  | { kind: 'tool'; choice: number; id: string; name: string; args: string; signature?: string };

/** The state of one encoded stream: open blocks, held finishes and usage. */
class GeminiStreamEncoderState {
  done = false;
  /** The answer's id: the IR's, else one minted for it (every chunk carries the same). */
  #responseId = newAnswerId('');
  #model: string;
  #usage: IrUsage | undefined;
  readonly #blocks = new Map<number, Block>();
  readonly #finishes = new Map<number, IrFinishReason>();
  /** Per choice: its text blocks' text (grounding offsets count it), citations and searches. */
  readonly #grounding = new Map<
    number,
    { texts: string[]; parts: Map<number, number>; citations: PlacedCitation[]; searches: IrWebSearchPart[] }
  >();

  readonly #options: StreamEncoderOptions;

  constructor(options: StreamEncoderOptions) {
    this.#options = options;
    this.#model = options.model ?? '';
  }

  readonly handlers: IrStreamEventHandlers<SseMessage[]> = {
    'response-start': (e) => {
      this.#responseId = e.id || newAnswerId('');
      this.#model = this.#options.model ?? e.model;
      if (e.usage) this.#usage = e.usage;
      return [];
    },
    'text-start': (e) => {
      const grounding = this.#groundingOf(e.choice ?? 0);
      grounding.parts.set(e.index, grounding.texts.push('') - 1);
      return this.#open(e.index, { kind: 'text', choice: e.choice ?? 0 });
    },
    'text-delta': (e) => {
      if (e.delta === '') return [];
      const choice = this.#blocks.get(e.index)?.choice ?? 0;
      const grounding = this.#groundingOf(choice);
      const part = grounding.parts.get(e.index);
      if (part !== undefined) grounding.texts[part] += e.delta;
      return this.#chunk(choice, { text: e.delta });
    },
    'text-end': (e) => this.#flush(e.index),
    'reasoning-start': (e) => this.#open(e.index, { kind: 'reasoning', choice: e.choice ?? 0, hadText: false }),
    'reasoning-delta': (e) => {
      const block = this.#blocks.get(e.index);
      if (e.delta === '') return [];
      if (block?.kind === 'reasoning') block.hadText = true;
      return this.#chunk(block?.choice ?? 0, { text: e.delta, thought: true });
    },
    'reasoning-signature': (e) => {
      const block = this.#blocks.get(e.index);
      const signature = geminiSignatureOf(e.opaque);
      if (block?.kind === 'reasoning' && signature) block.signature = signature;
      return [];
    },
    'reasoning-end': (e) => this.#flush(e.index),
    'tool-call-start': (e) => {
      const signature = geminiSignatureOf(e.opaque);
      return this.#open(e.index, {
        kind: 'tool',
        choice: e.choice ?? 0,
        id: e.id,
        name: e.name,
        args: '',
        ...(signature ? { signature } : {}),
      });
    },
    'tool-call-delta': (e) => {
      const block = this.#blocks.get(e.index);
      if (block?.kind === 'tool') block.args += e.argumentsDelta;
      return [];
    },
    'tool-call-end': (e) => this.#flush(e.index),
    file: (e) => this.#file(e.choice ?? 0, e.part),
    mcp: () => [],
    'web-search': (e) => {
      this.#groundingOf(e.choice ?? 0).searches.push(e.part);
      return [];
    },
    'text-citation': (e) => {
      for (const grounding of this.#grounding.values()) {
        const part = grounding.parts.get(e.index);
        if (part !== undefined) grounding.citations.push({ part, citation: e.citation });
      }
      return [];
    },
    'usage-update': (e) => {
      this.#usage = e.usage;
      return [];
    },
    finish: (e) => {
      const choice = e.choice ?? 0;
      this.#finishes.set(choice, e.finishReason);
      return this.#flushChoice(choice);
    },
    error: (e) => {
      this.done = true;
      return [message(irErrorToGemini(e.error).body)];
    },
  };

  end(): SseMessage[] {
    this.done = true;
    return [...this.#flushChoice(undefined), ...this.#finalChunk()];
  }

  #groundingOf(choice: number) {
    let grounding = this.#grounding.get(choice);
    if (!grounding) {
      grounding = { texts: [], parts: new Map(), citations: [], searches: [] };
      this.#grounding.set(choice, grounding);
    }
    return grounding;
  }

  #open(index: number, block: Block): SseMessage[] {
    this.#blocks.set(index, block);
    return [];
  }

  #chunk(choice: number, part: GeminiResponsePart): SseMessage[] {
    return [
      message({
        candidates: [{ content: { role: 'model', parts: [part] }, index: choice }],
        modelVersion: this.#model,
        responseId: this.#responseId,
      }),
    ];
  }

  #file(choice: number, part: IrFilePart): SseMessage[] {
    try {
      return this.#chunk(choice, irFileToGemini(part, 'file', []));
    } catch {
      return [];
    }
  }

  /** Ends a block: a function call goes out whole, a held signature in Gemini's carrier form. */
  #flush(index: number): SseMessage[] {
    const block = this.#blocks.get(index);
    this.#blocks.delete(index);
    if (block?.kind === 'tool')
      return this.#chunk(block.choice, toolCallPart(block.id, block.name, block.args, block.signature));
    if (block?.kind === 'reasoning' && block.signature) {
      const signature = block.signature;
      return this.#chunk(
        block.choice,
        block.hadText
          ? { text: '', thought: true, thoughtSignature: signature }
          : { text: '', thoughtSignature: signature },
      );
    }
    return [];
  }

  #flushChoice(choice: number | undefined): SseMessage[] {
    const indices = [...this.#blocks.entries()]
      .filter(([, block]) => choice === undefined || block.choice === choice)
      .map(([index]) => index);
    return indices.sort((a, b) => a - b).flatMap((index) => this.#flush(index));
  }

  #finalChunk(): SseMessage[] {
    if (this.#finishes.size === 0 && !this.#usage) return [];
    const body: GeminiResponse = { modelVersion: this.#model, responseId: this.#responseId };
    if (this.#finishes.size > 0) {
      body.candidates = [...this.#finishes.entries()]
        .sort(([a], [b]) => a - b)
        .map(([index, finishReason]) => {
          const grounding = this.#grounding.get(index);
          const metadata = grounding && irToGroundingMetadata(grounding.searches, grounding.texts, grounding.citations);
          return {
            content: { role: 'model', parts: [{ text: '' }] },
            finishReason: irFinishReasonToGemini(finishReason),
            index,
            ...(metadata ? { groundingMetadata: metadata } : {}),
          };
        });
    }
    if (this.#usage) body.usageMetadata = irUsageToGemini(this.#usage);
    return [message(body)];
  }
}

function message(body: GeminiResponse | GeminiErrorBody): SseMessage {
  return { data: JSON.stringify(body) };
}

/**
 * IR events -> Gemini SSE (`data: <one-line GenerateContentResponse>` per chunk, no event
 * names, no `[DONE]`), as `@google/genai` reads it. Text and thought deltas go out at once;
 * function calls are buffered and sent whole at `tool-call-end`; a thought signature goes out
 * when its block ends. Finish reasons, usage and grounding (web searches and citations as
 * `groundingMetadata`) are held and sent in one last chunk at `end()`,
 * so any order of `finish` / `usage-update` works; a `finish` closes its choice's open blocks.
 * An `error` event becomes `data: {"error":{code,message,status}}` and nothing follows it.
 */
export function createGeminiStreamEncoder(
  options: StreamEncoderOptions = {},
): StreamMachine<IrStreamEvent, SseMessage> {
  const state = new GeminiStreamEncoderState(options);
  return {
    push: (event) => (state.done ? [] : dispatchStreamEvent(event, state.handlers)),
    end: () => (state.done ? [] : state.end()),
  };
}
