import type { IrWarning } from '@interlingua/ir';
import * as z from 'zod/mini';
import './zod-english.js';
import type { GeminiLenientPart } from './gemini-response-schema.js';

/**
 * Function-call arguments streamed in pieces (Vertex `toolConfig.functionCallingConfig.
 * streamFunctionCallArguments`): the call's first part names it with `willContinue: true`, the
 * parts after it carry `partialArgs` (a JSON path and one value each; a string value whose
 * `willContinue` is true goes on in the next piece for the same path), and the part whose
 * `willContinue` is not true ends the call.
 * @see https://cloud.google.com/vertex-ai/generative-ai/docs/multimodal/function-calling#streaming-function-call-arguments
 */
export const geminiPartialArgSchema = z.looseObject({
  jsonPath: z.string(),
  stringValue: z.optional(z.string()),
  numberValue: z.optional(z.number()),
  boolValue: z.optional(z.boolean()),
  nullValue: z.optional(z.unknown()),
  willContinue: z.optional(z.boolean()),
});

export type GeminiPartialArg = z.infer<typeof geminiPartialArgSchema>;

type Segment = string | number;

/** `$.a.b[0]['c d']` -> `['a', 'b', 0, 'c d']`; undefined when the path is not one of those forms. */
export function parseArgPath(path: string): Segment[] | undefined {
  if (!path.startsWith('$')) return undefined;
  const segments: Segment[] = [];
  const pattern = /\.([A-Za-z_$][\w$-]*)|\[(\d+)\]|\['((?:[^'\\]|\\.)*)'\]|\["((?:[^"\\]|\\.)*)"\]/y;
  pattern.lastIndex = 1;
  while (pattern.lastIndex < path.length) {
    const match = pattern.exec(path);
    if (!match) return undefined;
    if (match[1] !== undefined) segments.push(match[1]);
    else if (match[2] !== undefined) segments.push(Number(match[2]));
    else segments.push((match[3] ?? match[4] ?? '').replace(/\\(.)/g, '$1'));
  }
  return segments;
}

type Container = Record<string, unknown> | unknown[];

function childOf(container: Container, key: Segment, next: Segment): Container {
  const existing = (container as Record<string | number, unknown>)[key];
  if (typeof existing === 'object' && existing !== null) return existing as Container;
  const created: Container = typeof next === 'number' ? [] : {};
  (container as Record<string | number, unknown>)[key] = created;
  return created;
}

/** The value a piece carries (`undefined` when it carries none). */
function valueOf(piece: GeminiPartialArg): unknown {
  if (piece.stringValue !== undefined) return piece.stringValue;
  if (piece.numberValue !== undefined) return piece.numberValue;
  if (piece.boolValue !== undefined) return piece.boolValue;
  if (piece.nullValue !== undefined) return null;
  return undefined;
}

/** The arguments of one call, built from its pieces. */
export class GeminiStreamedArgs {
  readonly #args: Record<string, unknown>;
  /** Paths whose last string piece said more follows. */
  readonly #continuing = new Set<string>();
  /** Pieces that could not be placed (an unknown path form). */
  dropped = 0;

  constructor(initial: Record<string, unknown> | null | undefined) {
    this.#args = { ...initial };
  }

  add(pieces: readonly unknown[]): void {
    for (const raw of pieces) {
      const parsed = geminiPartialArgSchema.safeParse(raw);
      const path = parsed.success ? parseArgPath(parsed.data.jsonPath) : undefined;
      if (!parsed.success || !path || path.length === 0) {
        this.dropped++;
        continue;
      }
      this.#place(parsed.data, path);
    }
  }

  json(): string {
    return JSON.stringify(this.#args);
  }

  value(): Record<string, unknown> {
    return this.#args;
  }

  #place(piece: GeminiPartialArg, path: Segment[]): void {
    const value = valueOf(piece);
    if (value === undefined) return;
    let container: Container = this.#args;
    for (let i = 0; i < path.length - 1; i++)
      container = childOf(container, path[i] as Segment, path[i + 1] as Segment);
    const key = path.at(-1) as Segment;
    const slot = container as Record<string | number, unknown>;
    const existing = slot[key];
    slot[key] =
      typeof value === 'string' && typeof existing === 'string' && this.#continuing.has(piece.jsonPath)
        ? existing + value
        : value;
    if (typeof value === 'string' && piece.willContinue === true) this.#continuing.add(piece.jsonPath);
    else this.#continuing.delete(piece.jsonPath);
  }
}

/** The fields of a `functionCall` that take part in streamed arguments. */
export interface GeminiCallPiece {
  id?: string | undefined;
  name?: string | undefined;
  args?: Record<string, unknown> | null | undefined;
  partialArgs?: unknown[] | undefined;
  willContinue?: boolean | undefined;
}

/** True when the piece starts or continues a call whose arguments are streamed. */
export const isStreamedCallPiece = (call: GeminiCallPiece): boolean =>
  call.willContinue === true || (call.partialArgs?.length ?? 0) > 0;

/**
 * Folds the parts of a call whose arguments came in pieces (`partialArgs`, `willContinue`) into
 * one `functionCall` with whole arguments; every other part passes through.
 */
export class StreamedCallFolder {
  #pending: { part: GeminiLenientPart; at: number; args: GeminiStreamedArgs } | undefined;

  readonly #path: string;
  readonly #warnings: IrWarning[];

  constructor(path: string, warnings: IrWarning[]) {
    this.#path = path;
    this.#warnings = warnings;
  }

  /** The part to convert now (undefined while a streamed call goes on). */
  take(part: GeminiLenientPart, at: number): { part: GeminiLenientPart; at: number } | undefined {
    const call = part.functionCall;
    if (!call || (!this.#pending && !isStreamedCallPiece(call))) return { part, at };
    if (!this.#pending) {
      if (call.name === undefined) {
        this.#warnings.push({
          kind: 'dropped',
          field: `${this.#path}.parts[${at}]`,
          message: 'a piece of function-call arguments without its call',
        });
        return undefined;
      }
      this.#pending = { part, at, args: new GeminiStreamedArgs(call.args) };
    }
    this.#pending.args.add(call.partialArgs ?? []);
    return call.willContinue === true ? undefined : this.flush();
  }

  flush(): { part: GeminiLenientPart; at: number } | undefined {
    const pending = this.#pending;
    if (!pending) return undefined;
    this.#pending = undefined;
    if (pending.args.dropped > 0)
      this.#warnings.push({
        kind: 'dropped',
        field: `${this.#path}.parts[${pending.at}].functionCall.partialArgs`,
        message: `${pending.args.dropped} argument piece(s) with an unreadable jsonPath`,
      });
    const call: NonNullable<GeminiLenientPart['functionCall']> = {
      ...pending.part.functionCall,
      args: pending.args.value(),
    };
    delete call.partialArgs;
    delete call.willContinue;
    return { part: { ...pending.part, functionCall: call }, at: pending.at };
  }
}
