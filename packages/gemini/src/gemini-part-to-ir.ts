import type { IrContentPart, IrFilePart, IrOpaque, IrTextPart, IrToolResultPart, IrWarning } from '@interlingua/ir';
import { invalidRequest } from '@interlingua/ir';
import { asRecord, safeJsonParse } from '@interlingua/ir-utils';
import type { GeminiFileData, GeminiFunctionResponse, GeminiInlineData } from './gemini-request-schema.js';

/** The fields of a part the IR carries; any other field is reported as dropped. */
const KNOWN_PART_FIELDS = new Set([
  'text',
  'thought',
  'thoughtSignature',
  'inlineData',
  'fileData',
  'functionCall',
  'functionResponse',
]);

/** A part as both the request and the (lenient) response schemas read it. */
export interface GeminiPartLike {
  text?: string | undefined;
  thought?: boolean | undefined;
  thoughtSignature?: string | undefined;
  inlineData?: GeminiInlineData | undefined;
  fileData?: GeminiFileData | undefined;
  functionCall?:
    { id?: string | undefined; name: string; args?: Record<string, unknown> | null | undefined } | undefined;
  functionResponse?: GeminiFunctionResponse | undefined;
  [key: string]: unknown;
}

export interface GeminiPartContext {
  /** Wire path of the part, for warnings and errors (`contents[2].parts[0]`). */
  path: string;
  warnings: IrWarning[];
  /** Throw on a part without data (requests); answers are read leniently. */
  strict: boolean;
  /** The IR id of a function call (its own, or a synthesised one). */
  callId(call: { id?: string | undefined; name: string }): string;
  /** The IR id of the call a function response answers. */
  responseCallId(response: { id?: string | undefined; name: string }): string;
}

/** A Gemini thought signature as IR opaque data. */
export function geminiSignature(data: string): IrOpaque {
  return { origin: 'gemini', kind: 'signature', data };
}

/**
 * One Gemini part -> IR parts, in order.
 *
 * Thought signatures: on a `thought` part they ride on its reasoning part; on a `functionCall`
 * on the tool-call part; on any other part (text, inline data, or the empty text part Gemini
 * streams last) they become a reasoning part with empty text placed right AFTER that part's own
 * IR part. `ir-to-gemini` folds such a reasoning part back into the part before it.
 */
export function geminiPartToIr(part: GeminiPartLike, context: GeminiPartContext): IrContentPart[] {
  const hasUnknownData = reportDroppedFields(part, context);
  const opaque = part.thoughtSignature ? geminiSignature(part.thoughtSignature) : undefined;
  if (part.functionCall) {
    const call = part.functionCall;
    const toolCall: IrContentPart = {
      type: 'tool-call',
      id: context.callId(call),
      name: call.name,
      argumentsJson: JSON.stringify(call.args ?? {}),
    };
    if (opaque) toolCall.opaque = opaque;
    return [toolCall];
  }
  if (part.functionResponse)
    return [functionResponseToIr(part.functionResponse, context.responseCallId(part.functionResponse))];
  if (part.thought === true && !isThoughtMedia(part)) {
    return [
      opaque ? { type: 'reasoning', text: part.text ?? '', opaque } : { type: 'reasoning', text: part.text ?? '' },
    ];
  }
  if (isThoughtMedia(part)) {
    context.warnings.push({
      kind: 'dropped',
      field: context.path,
      message: 'interim thought images have no IR equivalent',
    });
    return opaque ? [{ type: 'reasoning', text: '', opaque }] : [];
  }
  const out: IrContentPart[] = [];
  if (part.text !== undefined) {
    if (part.text !== '') out.push({ type: 'text', text: part.text });
  } else if (part.inlineData) out.push(inlineDataToIr(part.inlineData));
  else if (part.fileData) out.push(fileDataToIr(part.fileData));
  else if (!opaque && context.strict && !hasUnknownData) {
    throw invalidRequest(
      `${context.path}: a part needs one of text, inlineData, fileData, functionCall, functionResponse`,
      context.path,
    );
  }
  if (opaque) out.push({ type: 'reasoning', text: '', opaque });
  return out;
}

/** A thought part holding an image (image models' interim drafts) rather than text. */
export function isThoughtMedia(part: {
  thought?: boolean | undefined;
  inlineData?: unknown;
  fileData?: unknown;
}): boolean {
  return part.thought === true && (part.inlineData !== undefined || part.fileData !== undefined);
}

export function inlineDataToIr(data: GeminiInlineData): IrFilePart {
  return { type: 'file', mediaType: data.mimeType, source: { kind: 'base64', data: data.data } };
}

export function fileDataToIr(data: GeminiFileData): IrFilePart {
  const part: IrFilePart = { type: 'file', source: { kind: 'url', url: data.fileUri } };
  if (data.mimeType) part.mediaType = data.mimeType;
  if (data.displayName) part.filename = data.displayName;
  return part;
}

/**
 * `functionResponse` -> tool result. The response object becomes one JSON text part, except the
 * `{result: "<text>"}` / `{error: "<text>"}` wrappers the reverse direction creates for plain
 * text, which unwrap to that text (`error` also sets `isError`).
 */
export function functionResponseToIr(response: GeminiFunctionResponse, toolCallId: string): IrToolResultPart {
  const { text, isError } = functionResponseText(response.response ?? {});
  const content: Array<IrTextPart | IrFilePart> = [{ type: 'text', text }];
  for (const media of response.parts ?? []) {
    if (media.inlineData) content.push(inlineDataToIr(media.inlineData));
    else if (media.fileData) content.push(fileDataToIr(media.fileData));
  }
  const part: IrToolResultPart = { type: 'tool-result', toolCallId, toolName: response.name, content };
  if (isError) part.isError = true;
  return part;
}

function functionResponseText(response: Record<string, unknown>): { text: string; isError: boolean } {
  const keys = Object.keys(response);
  const key = keys[0];
  if (keys.length === 1 && (key === 'result' || key === 'error')) {
    const value = response[key];
    if (typeof value === 'string' && !jsonObjectOfText(value)) return { text: value, isError: key === 'error' };
  }
  return { text: JSON.stringify(response), isError: false };
}

/** The object `text` is the JSON of, or undefined when it is not the JSON of an object. */
export function jsonObjectOfText(text: string): Record<string, unknown> | undefined {
  const trimmed = text.trim();
  if (!trimmed.startsWith('{')) return undefined;
  const parsed = safeJsonParse(trimmed);
  return parsed.ok ? asRecord(parsed.value) : undefined;
}

/** Reports every field of the part the IR cannot carry; true when there was one (a data kind such as `executableCode`). */
function reportDroppedFields(part: GeminiPartLike, context: GeminiPartContext): boolean {
  let dropped = false;
  for (const key of Object.keys(part)) {
    if (KNOWN_PART_FIELDS.has(key) || part[key] === undefined) continue;
    dropped = true;
    context.warnings.push({
      kind: 'dropped',
      field: `${context.path}.${key}`,
      message: `Gemini part field '${key}' has no IR equivalent and was dropped`,
    });
  }
  return dropped;
}
