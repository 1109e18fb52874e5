import type { UpstreamHandler } from '../loopback-upstream.js';
import { sendJson, sendSse } from '../loopback-upstream.js';
import { citiesForStep, IssuedArtefacts, isRecord, modelTurns, recordsIn } from './issued-artefacts.js';
import { geminiAnswerSse } from './streamed-answers.js';

/** The value Google documents for function calls whose signature was lost (history from another model). */
export const GEMINI_SIGNATURE_BYPASS = 'skip_thought_signature_validator';

function geminiError(message: string): Record<string, unknown> {
  return { error: { code: 400, message, status: 'INVALID_ARGUMENT' } };
}

/** Gemini 3's answer to a model turn whose first function call has no thought signature. */
export function geminiMissingSignature(name: string, position: number): Record<string, unknown> {
  return geminiError(
    `Function call is missing a thought_signature in functionCall parts. This is required for tools to work correctly, and missing thought_signature may lead to degraded model performance. Additional data, function call \`default_api:${name}\` , position ${position}. Please refer to https://ai.google.dev/gemini-api/docs/thought-signatures for more details.`,
  );
}

/** Gemini's answer to a thought signature it did not issue, or issued for another part. */
export const GEMINI_CORRUPTED_SIGNATURE = geminiError('Corrupted thought signature.');

/** What a signature is bound to: the call for a function-call part, the text for others. */
function boundOf(part: Record<string, unknown>): string {
  const call = part.functionCall;
  if (isRecord(call)) return `call:${String(call.name)}:${JSON.stringify(call.args ?? {})}`;
  return `text:${String(part.text ?? '')}`;
}

export interface GeminiThoughtUpstream {
  handler: UpstreamHandler;
  signatures: IssuedArtefacts;
}

/**
 * A Gemini 3 `generateContent` upstream that checks thought signatures the way Gemini 3 does:
 * the first function call of every model turn must carry one (the documented bypass value is
 * accepted), and every signature sent must be one it issued for that very part, else 400. It
 * answers with a thought summary and two parallel `weather` calls (only the first signed), then
 * with a thought and a text part carrying the signature. Streamed requests get the same answer in
 * chunks, the thought a word a chunk.
 */
export function geminiThoughtUpstream(): GeminiThoughtUpstream {
  const signatures = new IssuedArtefacts('Ci');
  const handler: UpstreamHandler = (request, response) => {
    const body = request.json() as Record<string, unknown>;
    const contents = recordsIn(body.contents);
    const refusal = verify(contents, signatures);
    if (refusal) return sendJson(response, 400, refusal);
    const step = modelTurns(contents, 'model');
    const cities = citiesForStep(step);
    const parts: Record<string, unknown>[] = [{ text: `Step ${step}: thinking about the weather.`, thought: true }];
    if (cities) {
      cities.forEach((city, i) => {
        const part: Record<string, unknown> = { functionCall: { name: 'weather', args: { city } } };
        if (i === 0) part.thoughtSignature = signatures.issue(boundOf(part));
        parts.push(part);
      });
    } else {
      const text: Record<string, unknown> = { text: 'Sunny everywhere.' };
      text.thoughtSignature = signatures.issue(boundOf(text));
      parts.push(text);
    }
    const answer = {
      candidates: [{ content: { role: 'model', parts }, finishReason: 'STOP', index: 0 }],
      usageMetadata: { promptTokenCount: 40, candidatesTokenCount: 20, thoughtsTokenCount: 8, totalTokenCount: 68 },
      modelVersion: 'gemini-3-pro-preview',
      responseId: `gemini-step-${step}`,
    };
    if (request.url.includes(':streamGenerateContent')) return void sendSse(response, geminiAnswerSse(answer));
    sendJson(response, 200, answer);
  };
  return { handler, signatures };
}

function verify(contents: Record<string, unknown>[], signatures: IssuedArtefacts): Record<string, unknown> | undefined {
  for (const content of contents) {
    if (content.role !== 'model') continue;
    const parts = recordsIn(content.parts);
    for (const part of parts) {
      const signature = part.thoughtSignature;
      if (signature === undefined || signature === GEMINI_SIGNATURE_BYPASS) continue;
      if (!signatures.verifies(signature, boundOf(part))) return GEMINI_CORRUPTED_SIGNATURE;
    }
    const position = parts.findIndex((part) => isRecord(part.functionCall));
    const first = parts[position];
    if (first && first.thoughtSignature === undefined)
      return geminiMissingSignature(String((first.functionCall as Record<string, unknown>).name), position + 1);
  }
  return undefined;
}
