import type { IrChoice, IrContentPart, IrResponse, IrWarning, Result } from '@interlingua/ir';
import { asRecord, newAnswerId, parseToolArguments } from '@interlingua/ir-utils';
import type { GeminiResponseExtensions } from './gemini-extensions.js';
import { readGeminiResponseExtensions } from './gemini-extensions.js';
import type { GeminiCandidate, GeminiResponse, GeminiResponsePart } from './gemini-strict-response-schema.js';
import { irToGroundingMetadata, type PlacedCitation } from './gemini-grounding.js';
import { attachGeminiSignature, geminiSignatureOf } from './gemini-signature-parts.js';
import { irFileToGemini } from './ir-to-gemini-file-part.js';
import { irUsageToGemini } from './ir-to-gemini-usage.js';
import { irFinishReasonToGemini } from './map/gemini-finish-reason.js';

/**
 * IR response -> `GenerateContentResponse` (passes `geminiStrictResponseSchema`):
 * `responseId` = id, `modelVersion` = model, one candidate per choice with role `model` and its
 * parts in order. Reasoning is shown as thought parts (signatures only when Gemini made them);
 * function calls carry their id; web searches and citations become the candidate's
 * `groundingMetadata`. Fields kept in `extensions.gemini` come back.
 */
export function irToGeminiResponse(ir: IrResponse): Result<GeminiResponse> {
  const warnings: IrWarning[] = [];
  const extensions = readGeminiResponseExtensions(ir.extensions);
  const body: GeminiResponse = { ...extensions.fields, modelVersion: ir.model, responseId: ir.id || newAnswerId('') };
  const blocked =
    asRecord(extensions.fields?.promptFeedback)?.blockReason !== undefined &&
    ir.choices.every((c) => c.content.length === 0);
  if (!blocked) body.candidates = ir.choices.map((choice) => irChoiceToGemini(choice, extensions, warnings));
  if (ir.usage) body.usageMetadata = irUsageToGemini(ir.usage);
  if (ir.created > 0 && body.createTime === undefined) body.createTime = new Date(ir.created * 1000).toISOString();
  return { value: body, warnings };
}

function irChoiceToGemini(
  choice: IrChoice,
  extensions: GeminiResponseExtensions,
  warnings: IrWarning[],
): GeminiCandidate {
  const extras = extensions.candidates?.find((c) => c.index === choice.index)?.fields;
  const parts: GeminiResponsePart[] = [];
  choice.content.forEach((part, j) =>
    appendResponsePart(parts, part, `choices[${choice.index}].content[${j}]`, warnings),
  );
  const candidate: GeminiCandidate = {
    ...extras,
    index: choice.index,
    finishReason: irFinishReasonToGemini(choice.finishReason),
  };
  const grounding = groundingOf(choice.content);
  if (grounding && candidate.groundingMetadata === undefined) candidate.groundingMetadata = grounding;
  if (parts.length > 0) candidate.content = { role: 'model', parts };
  return candidate;
}

/** An answer's web searches and text citations -> its `groundingMetadata`, or undefined. */
function groundingOf(content: IrContentPart[]): Record<string, unknown> | undefined {
  const texts: string[] = [];
  const citations: PlacedCitation[] = [];
  for (const part of content) {
    if (part.type !== 'text') continue;
    for (const citation of part.citations ?? []) citations.push({ part: texts.length, citation });
    texts.push(part.text);
  }
  const searches = content.filter((part) => part.type === 'web-search');
  return irToGroundingMetadata(searches, texts, citations);
}

/** One IR part of an answer -> Gemini response parts (appended to `parts`). */
export function appendResponsePart(
  parts: GeminiResponsePart[],
  part: IrContentPart,
  path: string,
  warnings: IrWarning[],
): void {
  switch (part.type) {
    case 'text':
    case 'refusal':
      if (part.text !== '') parts.push({ text: part.text });
      return;
    case 'reasoning': {
      const signature = geminiSignatureOf(part.opaque);
      if (part.text !== '')
        parts.push(
          signature
            ? { text: part.text, thought: true, thoughtSignature: signature }
            : { text: part.text, thought: true },
        );
      else if (signature) attachGeminiSignature(parts, signature);
      return;
    }
    case 'tool-call':
      parts.push(
        toolCallPart(
          part.id,
          part.name,
          part.argumentsJson,
          part.opaque?.origin === 'gemini' ? part.opaque.data : undefined,
        ),
      );
      return;
    case 'file':
      parts.push(irFileToGemini(part, path, warnings));
      return;
    case 'tool-result':
      warnings.push({ kind: 'dropped', field: path, message: 'a tool result cannot be part of a Gemini answer' });
      return;
  }
}

/** A `functionCall` part: arguments as an object (`{}` when they are not one), signature when Gemini's. */
export function toolCallPart(
  id: string,
  name: string,
  argumentsJson: string,
  signature: string | undefined,
): GeminiResponsePart {
  const args = asRecord(parseToolArguments(argumentsJson)) ?? {};
  const part: GeminiResponsePart = { functionCall: id ? { id, name, args } : { name, args } };
  if (signature) part.thoughtSignature = signature;
  return part;
}
