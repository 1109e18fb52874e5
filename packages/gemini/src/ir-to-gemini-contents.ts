import type {
  IrContentPart,
  IrMessage,
  IrReasoningPart,
  IrToolCallPart,
  IrToolResultPart,
  IrWarning,
} from '@interlingua/ir';
import { invalidRequest } from '@interlingua/ir';
import { asRecord, parseToolArguments } from '@interlingua/ir-utils';
import { jsonObjectOfText } from './gemini-part-to-ir.js';
import { attachGeminiSignature, geminiSignatureOf } from './gemini-signature-parts.js';
import type { GeminiContent, GeminiFunctionResponse, GeminiPart } from './gemini-request-schema.js';
import type { GeminiMediaPart } from './ir-to-gemini-file-part.js';
import { irFileToGemini } from './ir-to-gemini-file-part.js';

/**
 * The signature Google documents for function calls whose real signature was lost (history
 * from another provider): Gemini 3 rejects unsigned current-turn function calls otherwise.
 *
 * @see https://ai.google.dev/gemini-api/docs/thought-signatures#faqs
 */
export const GEMINI_SKIP_SIGNATURE = 'skip_thought_signature_validator';

export interface IrToGeminiContentsOptions {
  /** Send `functionCall.id` / `functionResponse.id` (only when the caller sent them in Gemini style). */
  sendIds: boolean;
  /** Target is Gemini 3+: sign unsigned function calls, send tool-result media in `functionResponse.parts`. */
  gemini3: boolean;
}

export interface GeminiContentsOutput {
  systemInstruction?: { parts: GeminiPart[] };
  contents: GeminiContent[];
}

interface Context extends IrToGeminiContentsOptions {
  warnings: IrWarning[];
  toolNames: Map<string, string>;
  /** The parts of the turn being built. */
  parts: GeminiPart[];
}

/**
 * IR messages -> `systemInstruction` + `contents`. System and developer messages are hoisted
 * (text only), tool results go in user turns as `functionResponse` parts, consecutive turns of
 * one role merge, empty text is never sent. Only Gemini-origin reasoning goes upstream (as
 * thought parts with their signature); other reasoning is not sent.
 */
export function irMessagesToGemini(
  messages: IrMessage[],
  options: IrToGeminiContentsOptions,
  warnings: IrWarning[],
): GeminiContentsOutput {
  const toolNames = collectToolNames(messages);
  const systemParts: GeminiPart[] = [];
  const contents: GeminiContent[] = [];
  let seenTurn = false;
  // One context for every turn, its `parts` pointed at the turn being built: an object spread
  // per message was the largest cost of encoding a long conversation.
  const context: Context = { sendIds: options.sendIds, gemini3: options.gemini3, warnings, toolNames, parts: [] };
  messages.forEach((message, i) => {
    if (message.role === 'system' || message.role === 'developer') {
      if (seenTurn)
        warnings.push({
          kind: 'approximated',
          field: `messages[${i}]`,
          message:
            'Gemini has one systemInstruction: this instruction was moved to it from its place in the conversation',
        });
      systemParts.push(...systemMessageParts(message, i, warnings));
      return;
    }
    seenTurn = true;
    const role = message.role === 'assistant' ? 'model' : 'user';
    let turn = contents.at(-1);
    if (turn?.role !== role) turn = { role, parts: [] };
    context.parts = turn.parts;
    message.content.forEach((part, j) => appendPart(part, `messages[${i}].content[${j}]`, context));
    if (message.name !== undefined)
      warnings.push({
        kind: 'dropped',
        field: `messages[${i}].name`,
        message: 'Gemini turns carry no participant name',
      });
    if (turn.parts.length > 0 && contents.at(-1) !== turn) contents.push(turn);
  });
  if (options.gemini3) signFunctionCalls(contents, warnings);
  const output: GeminiContentsOutput = { contents };
  if (systemParts.length > 0) output.systemInstruction = { parts: systemParts };
  return output;
}

function collectToolNames(messages: IrMessage[]): Map<string, string> {
  const names = new Map<string, string>();
  for (const message of messages)
    for (const part of message.content) if (part.type === 'tool-call') names.set(part.id, part.name);
  return names;
}

function systemMessageParts(message: IrMessage, index: number, warnings: IrWarning[]): GeminiPart[] {
  const parts: GeminiPart[] = [];
  message.content.forEach((part, j) => {
    if (part.type === 'text') {
      if (part.text !== '') parts.push({ text: part.text });
    } else
      warnings.push({
        kind: 'dropped',
        field: `messages[${index}].content[${j}]`,
        message: `Gemini systemInstruction holds text only; a ${part.type} part was dropped`,
      });
  });
  return parts;
}

function appendPart(part: IrContentPart, path: string, context: Context): void {
  switch (part.type) {
    case 'text':
      if (part.text !== '') context.parts.push({ text: part.text });
      return;
    case 'refusal':
      context.warnings.push({ kind: 'approximated', field: path, message: 'Gemini has no refusal part: sent as text' });
      if (part.text !== '') context.parts.push({ text: part.text });
      return;
    case 'file':
      context.parts.push(irFileToGemini(part, path, context.warnings));
      return;
    case 'reasoning':
      appendReasoning(part, context);
      return;
    case 'tool-call':
      context.parts.push(toolCallToGemini(part, path, context));
      return;
    case 'tool-result':
      context.parts.push(...toolResultToGemini(part, path, context));
      return;
    case 'mcp-list-tools':
    case 'mcp-call':
    case 'mcp-approval-request':
    case 'mcp-approval-response':
      context.warnings.push({
        kind: 'dropped',
        field: path,
        message: `Gemini runs no MCP tools; the earlier ${part.type} item was not sent`,
      });
      return;
  }
}

/**
 * A Gemini reasoning part with text is a thought part; one with empty text carries the
 * signature of the part before it (see `geminiPartToIr`) and is folded back into it. Reasoning
 * from other providers is not sent: Gemini neither needs nor trusts foreign thoughts.
 */
function appendReasoning(part: IrReasoningPart, context: Context): void {
  const signature = geminiSignatureOf(part.opaque);
  if (signature === undefined) return;
  if (part.text !== '') {
    context.parts.push({ text: part.text, thought: true, thoughtSignature: signature });
    return;
  }
  attachGeminiSignature(context.parts, signature);
}

function toolCallToGemini(part: IrToolCallPart, path: string, context: Context): GeminiPart {
  const parsed = parseToolArguments(part.argumentsJson);
  const args = asRecord(parsed);
  if (!args)
    context.warnings.push({
      kind: 'approximated',
      field: `${path}.argumentsJson`,
      message: 'Gemini function call arguments must be a JSON object: sent as {}',
    });
  const out: GeminiPart = {
    functionCall: context.sendIds
      ? { id: part.id, name: part.name, args: args ?? {} }
      : { name: part.name, args: args ?? {} },
  };
  const signature = geminiSignatureOf(part.opaque);
  if (signature !== undefined) out.thoughtSignature = signature;
  return out;
}

/**
 * A tool result -> `functionResponse` (Gemini needs an object): the text when it is a JSON
 * object, else `{result: text}` (`{error: text}` for an error result). Media goes in
 * `functionResponse.parts` on Gemini 3, else as parts right after the response.
 */
function toolResultToGemini(part: IrToolResultPart, path: string, context: Context): GeminiPart[] {
  const name = part.toolName || context.toolNames.get(part.toolCallId);
  if (!name)
    throw invalidRequest(`${path}.toolName: Gemini needs the function name of every tool result`, `${path}.toolName`);
  const text = part.content.flatMap((c) => (c.type === 'text' ? [c.text] : [])).join('\n');
  const response: GeminiFunctionResponse = { name, response: functionResponseObject(text, part.isError === true) };
  if (context.sendIds) response.id = part.toolCallId;
  const media: GeminiMediaPart[] = [];
  part.content.forEach((c, k) => {
    if (c.type === 'file') media.push(irFileToGemini(c, `${path}.content[${k}]`, context.warnings));
  });
  if (media.length === 0) return [{ functionResponse: response }];
  if (context.gemini3) return [{ functionResponse: { ...response, parts: media } }];
  context.warnings.push({
    kind: 'approximated',
    field: `${path}.content`,
    message: 'media in a tool result was sent as parts after the function response',
  });
  return [{ functionResponse: response }, ...media];
}

function functionResponseObject(text: string, isError: boolean): Record<string, unknown> {
  return jsonObjectOfText(text) ?? (isError ? { error: text } : { result: text });
}

/** On Gemini 3, the first function call of each model turn must carry a signature. */
function signFunctionCalls(contents: GeminiContent[], warnings: IrWarning[]): void {
  let signed = false;
  for (const content of contents) {
    if (content.role !== 'model') continue;
    const first = content.parts.find((part) => part.functionCall);
    if (first && first.thoughtSignature === undefined) {
      first.thoughtSignature = GEMINI_SKIP_SIGNATURE;
      signed = true;
    }
  }
  if (signed)
    warnings.push({
      kind: 'approximated',
      field: 'messages',
      message: `function calls without a Gemini thought signature were sent with '${GEMINI_SKIP_SIGNATURE}'`,
    });
}
