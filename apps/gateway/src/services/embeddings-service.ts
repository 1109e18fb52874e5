import type { IrError } from '@interlingua/ir';
import { unsupported, type IrWarning } from '@interlingua/ir';
import {
  embeddingWire,
  irToGeminiBatchEmbedResponse,
  irToGeminiEmbedResponse,
  irToOpenAiEmbeddingsResponse,
  type EmbeddingWireCodec,
  type IrEmbeddingRequest,
  type IrEmbeddingResponse,
} from '@interlingua/embeddings';
import { asRecord } from '@interlingua/ir-utils';
import { completeAnswerHeaders } from '../commit/commit-stream.js';
import { providerLabel, runServiceCall, type ServiceCall, type ServiceTarget } from './service-call.js';
import { localTarget, noteTranslation, postServiceJson, requireService } from './retrieval-service.js';
import { GEMINI } from '../http/request-styles.js';
import { upstreamError } from '../http/style-errors.js';

/** Which embeddings API the caller used. */
export type EmbeddingsCaller = 'openai' | 'gemini-batch' | 'gemini-single';

/** An embeddings request as the route read it. */
export interface EmbeddingsInput {
  caller: EmbeddingsCaller;
  json: Record<string, unknown>;
  rawBody: Buffer;
  /** How many vectors the answer must hold. */
  count: number;
  /** The request in IR, or why it cannot be translated (a Gemini part that is not text): only the fast path can serve it then. */
  ir: { value: IrEmbeddingRequest; warnings: IrWarning[] } | { error: IrError };
}

/** Serves an embeddings request: in process (the mock), passed on to a same-style upstream, or translated. */
export async function embeddingsService(call: ServiceCall, input: EmbeddingsInput): Promise<void> {
  requireService(call, 'embed');
  const local = localTarget(call, 'embed');
  if (local) {
    const ir = requireIr(input);
    const answer = local.adapter.embed!(
      { ...ir.value, model: local.target.upstreamModel },
      { settings: local.target.settings, signal: call.signal.asAbortSignal() },
    );
    call.outcome.took('local', [...ir.warnings]);
    return sendAnswer(call, input, answer);
  }
  await runServiceCall(call, async (serving) => {
    const wire = embeddingWire(serving.endpoint.wire);
    if (!wire)
      throw unsupported(
        `embeddings: ${providerLabel(serving.target)} names an embeddings wire the gateway does not know ("${serving.endpoint.wire}")`,
      );
    if (await forwardSameStyle(call, serving, input, wire)) return;
    await translateEmbeddings(call, serving, input, wire);
  });
}

/**
 * The same-style fast path: an OpenAI caller to an OpenAI-wire upstream, or a Gemini batch to
 * Gemini. The body goes up with only the model rewritten; the answer is checked (parsed once,
 * as many vectors as inputs) and its bytes go back, unless an upstream ignored the caller's
 * `encoding_format`: then it is re-encoded. False when the path does not apply.
 */
async function forwardSameStyle(
  call: ServiceCall,
  serving: ServiceTarget,
  input: EmbeddingsInput,
  wire: EmbeddingWireCodec,
): Promise<boolean> {
  const model = serving.target.upstreamModel;
  let body: string | Buffer;
  if (input.caller === 'openai' && wire.id === 'openai')
    body = input.json.model === model ? input.rawBody : JSON.stringify({ ...input.json, model });
  else if (input.caller === 'gemini-batch' && wire.id === GEMINI)
    body = JSON.stringify({
      ...input.json,
      requests: (input.json.requests as Record<string, unknown>[]).map((r) => ({ ...r, model: `models/${model}` })),
    });
  else return false;
  call.outcome.took('fast');
  const answer = await postServiceJson(call, serving, body);
  const decoded = checkCount(wire.response.toIr(answer.json).value, input.count);
  call.outcome.used(decoded.usage);
  if (input.caller === 'openai' && !encodedAsAsked(answer.json, encodingOf(input))) {
    await sendAnswer(call, input, decoded);
    return true;
  }
  call.sink.send(200, answer.contentType, answer.bytes, completeAnswerHeaders(call));
  return true;
}

async function translateEmbeddings(
  call: ServiceCall,
  serving: ServiceTarget,
  input: EmbeddingsInput,
  wire: EmbeddingWireCodec,
): Promise<void> {
  const ir = requireIr(input);
  const encoded = wire.request.fromIr({ ...ir.value, model: serving.target.upstreamModel });
  noteTranslation(
    call,
    `translated:${input.caller === 'openai' ? 'openai' : GEMINI}>${wire.id}`,
    ir.warnings,
    encoded.warnings,
  );
  const answer = await postServiceJson(call, serving, JSON.stringify(encoded.value));
  await sendAnswer(call, input, checkCount(wire.response.toIr(answer.json).value, input.count));
}

/** Writes the answer in the caller's shape. */
async function sendAnswer(call: ServiceCall, input: EmbeddingsInput, answer: IrEmbeddingResponse): Promise<void> {
  if (answer.usage) call.outcome.used(answer.usage);
  const encodingFormat = encodingOf(input);
  const written =
    input.caller === 'openai'
      ? irToOpenAiEmbeddingsResponse(answer, { model: call.model, ...(encodingFormat ? { encodingFormat } : {}) })
      : input.caller === 'gemini-batch'
        ? irToGeminiBatchEmbedResponse(answer)
        : irToGeminiEmbedResponse(answer);
  call.outcome.warn(written.warnings);
  call.sink.sendJson(200, written.value, completeAnswerHeaders(call));
}

function requireIr(input: EmbeddingsInput): { value: IrEmbeddingRequest; warnings: IrWarning[] } {
  if ('error' in input.ir) throw input.ir.error;
  return input.ir;
}

/** An answer with another number of vectors than inputs is a broken upstream answer (502), never passed on. */
function checkCount(answer: IrEmbeddingResponse, count: number): IrEmbeddingResponse {
  if (answer.vectors.length !== count) {
    throw upstreamError(`The upstream answered ${answer.vectors.length} embeddings for ${count} inputs`);
  }
  return answer;
}

function encodingOf(input: EmbeddingsInput): 'float' | 'base64' | undefined {
  return 'value' in input.ir ? input.ir.value.encodingFormat : undefined;
}

/** True when every `data[].embedding` is written as the caller asked (base64 strings, or float arrays). */
function encodedAsAsked(json: unknown, encodingFormat: 'float' | 'base64' | undefined): boolean {
  const data = asRecord(json)?.data;
  const wanted = encodingFormat === 'base64' ? 'string' : 'object';
  return Array.isArray(data) && data.every((item) => typeof asRecord(item)?.embedding === wanted);
}
