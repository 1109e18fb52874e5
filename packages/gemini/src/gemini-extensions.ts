import type { IrExtensions } from '@interlingua/ir';
import * as z from 'zod/mini';
import './zod-english.js';
import { jsonObjectSchema as record, lenient } from './gemini-schema-parts.js';

/**
 * What a Gemini request keeps in `ir.extensions.gemini`: the fields the IR has no slot for, so
 * that a Gemini -> IR -> Gemini round trip gives the same body. Other styles ignore it.
 */
export interface GeminiRequestExtensions {
  /** Top-level fields without an IR slot: `safetySettings`, `cachedContent`, unknown fields. */
  fields?: Record<string, unknown>;
  /** `generationConfig` fields without an IR slot (`responseModalities`, `mediaResolution`, …). */
  generationConfig?: Record<string, unknown>;
  /** `thinkingConfig` fields without an IR slot (an unknown `thinkingLevel`, …). */
  thinkingConfig?: Record<string, unknown>;
  /** `toolConfig` fields without an IR slot (`retrievalConfig`, `functionCallingConfig` extras). */
  toolConfig?: Record<string, unknown>;
  /** `VALIDATED` mode, read as `auto` in the IR. */
  functionCallingMode?: 'VALIDATED';
  /** `allowedFunctionNames` the IR tool choice cannot carry (several names, or with AUTO/VALIDATED). */
  allowedFunctionNames?: string[];
  /** Built-in tools (`googleSearch`, `codeExecution`, `urlContext`, …) in their order. */
  tools?: Record<string, unknown>[];
  /** `FunctionDeclaration` fields without an IR slot (`behavior`, `response`, …) by function name. */
  functionDeclarations?: Record<string, Record<string, unknown>>;
  /** Functions whose schema came as OpenAPI-subset `parameters`: sent back in that dialect. */
  openApiParameters?: string[];
  /** The response schema came as OpenAPI-subset `responseSchema`: sent back in that dialect. */
  openApiResponseSchema?: boolean;
  /** The caller sent `functionCall.id` / `functionResponse.id`: send ids upstream again. */
  functionCallIds?: boolean;
  /** The role the caller put on `systemInstruction` (`@google/genai` sends `user`; Gemini ignores it). */
  systemInstructionRole?: string;
}

/** What a Gemini response keeps in `ir.extensions.gemini`. */
export interface GeminiResponseExtensions {
  /** Top-level fields without an IR slot (`promptFeedback`, `modelStatus`, unknown fields). */
  fields?: Record<string, unknown>;
  /** Candidate fields without an IR slot (`safetyRatings`, `groundingMetadata`, `citationMetadata`, …). */
  candidates?: Array<{ index: number; fields: Record<string, unknown> }>;
}

const requestExtensionsSchema = z.object({
  fields: lenient(record),
  generationConfig: lenient(record),
  thinkingConfig: lenient(record),
  toolConfig: lenient(record),
  functionCallingMode: lenient(z.literal('VALIDATED')),
  allowedFunctionNames: lenient(z.array(z.string())),
  tools: lenient(z.array(record)),
  functionDeclarations: lenient(z.record(z.string(), record)),
  openApiParameters: lenient(z.array(z.string())),
  openApiResponseSchema: lenient(z.boolean()),
  functionCallIds: lenient(z.boolean()),
  systemInstructionRole: lenient(z.string()),
});

const responseExtensionsSchema = z.object({
  fields: lenient(record),
  candidates: lenient(z.array(z.object({ index: z.number(), fields: record }))),
});

/** The Gemini request extensions of an IR request (malformed entries are ignored). */
export function readGeminiRequestExtensions(extensions: IrExtensions | undefined): GeminiRequestExtensions {
  const parsed = requestExtensionsSchema.safeParse(extensions?.gemini ?? {});
  return parsed.success ? stripUndefined(parsed.data) : {};
}

/** The Gemini response extensions of an IR response (malformed entries are ignored). */
export function readGeminiResponseExtensions(extensions: IrExtensions | undefined): GeminiResponseExtensions {
  const parsed = responseExtensionsSchema.safeParse(extensions?.gemini ?? {});
  return parsed.success ? stripUndefined(parsed.data) : {};
}

/** A copy without `undefined` values. */
export function stripUndefined<T extends object>(value: T): T {
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) if (item !== undefined) out[key] = item;
  return out as T;
}

/** The entries of `source` whose keys are not in `known`, or undefined when there are none. */
export function extraFields(
  source: Record<string, unknown>,
  known: ReadonlySet<string>,
): Record<string, unknown> | undefined {
  let out: Record<string, unknown> | undefined;
  for (const [key, value] of Object.entries(source)) {
    if (known.has(key) || value === undefined) continue;
    out ??= {};
    out[key] = value;
  }
  return out;
}
