import { IrError, unsupported, type IrWarning } from '@interlingua/ir';
import {
  embeddingWire,
  geminiBatchEmbedRequestToIr,
  geminiEmbedRequestToIr,
  irToGeminiBatchEmbedResponse,
  irToGeminiEmbedResponse,
  irToOpenAiEmbeddingsResponse,
  openAiEmbeddingsRequestToIr,
  type EmbeddingWireCodec,
  type IrEmbeddingRequest,
  type IrEmbeddingResponse,
} from '@interlingua/embeddings';
import { asRecord } from '@interlingua/ir-utils';
import { codecFor } from '@interlingua/provider-adapters';
import type { Gateway } from '../gateway.js';
import { completeAnswerHeaders } from '../commit/commit-stream.js';
import { providerLabel, runServiceCall, type ServiceCall, type ServiceTarget } from '../services/service-call.js';
import { parseGeminiModelPath } from './gemini-model-path.js';
import { localTarget, noteTranslation, postServiceJson, requireService, retrievalRoute } from './retrieval-route.js';
import type { RouteEntry, RouteHandler } from './route-entry.js';

/** Which embeddings API the caller used. */
type EmbeddingsCaller = 'openai' | 'gemini-batch' | 'gemini-single';

/** An embeddings request as the route read it. */
interface EmbeddingsInput {
  caller: EmbeddingsCaller;
  json: Record<string, unknown>;
  rawBody: Buffer;
  /** How many vectors the answer must hold. */
  count: number;
  /** The request in IR, or why it cannot be translated (a Gemini part that is not text): only the fast path can serve it then. */
  ir: { value: IrEmbeddingRequest; warnings: IrWarning[] } | { error: IrError };
}

/** `POST /v1/embeddings`: OpenAI-style callers to every embeddings upstream. */
export function embeddingsRoutes(gateway: Gateway): RouteEntry[] {
  const handler = retrievalRoute<EmbeddingsInput>(gateway, {
    service: 'embeddings',
    errorCodec: codecFor('openai-chat'),
    read(_request, json, rawBody) {
      const ir = openAiEmbeddingsRequestToIr(json);
      return { model: ir.value.model, input: { caller: 'openai', json, rawBody, count: ir.value.inputs.length, ir } };
    },
    serve: serveEmbeddings,
  });
  return [{ method: 'post', path: '/v1/embeddings', handler }];
}

/**
 * Gemini's `:embedContent` and `:batchEmbedContents` (what `@google/genai`'s `embedContent`
 * calls) for `/v1beta/models/{model}:{method}`, reaching every embeddings upstream; the Gemini
 * routes dispatch to these by method name.
 */
export function geminiEmbeddingMethods(gateway: Gateway): Record<string, RouteHandler> {
  const route = (caller: 'gemini-batch' | 'gemini-single'): RouteHandler =>
    retrievalRoute<EmbeddingsInput>(gateway, {
      service: 'embeddings',
      errorCodec: codecFor('gemini'),
      read(request, json, rawBody) {
        const { model } = parseGeminiModelPath(request.params?.rest);
        const count = caller === 'gemini-batch' && Array.isArray(json.requests) ? json.requests.length : 1;
        const ir = geminiIr(caller, json, model);
        return { model, input: { caller, json, rawBody, count, ir } };
      },
      serve: serveEmbeddings,
    });
  return { embedContent: route('gemini-single'), batchEmbedContents: route('gemini-batch') };
}

/** The Gemini body in IR; an `unsupported` refusal (non-text parts) is kept for later, anything else thrown now. */
function geminiIr(
  caller: 'gemini-batch' | 'gemini-single',
  json: Record<string, unknown>,
  model: string,
): EmbeddingsInput['ir'] {
  try {
    const ir = caller === 'gemini-batch' ? geminiBatchEmbedRequestToIr(json) : geminiEmbedRequestToIr(json);
    return { value: { ...ir.value, model }, warnings: ir.warnings };
  } catch (error) {
    if (error instanceof IrError && error.data.kind === 'unsupported') return { error };
    throw error;
  }
}

async function serveEmbeddings(call: ServiceCall, input: EmbeddingsInput): Promise<void> {
  requireService(call, 'embed');
  const local = localTarget(call, 'embed');
  if (local) {
    const ir = requireIr(input);
    const answer = local.adapter.embed!(
      { ...ir.value, model: local.target.upstreamModel },
      { settings: local.target.settings, signal: call.signal.asAbortSignal() },
    );
    call.outcome.warnings = [...ir.warnings];
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
  else if (input.caller === 'gemini-batch' && wire.id === 'gemini')
    body = JSON.stringify({
      ...input.json,
      requests: (input.json.requests as Record<string, unknown>[]).map((r) => ({ ...r, model: `models/${model}` })),
    });
  else return false;
  call.outcome.path = 'fast';
  const answer = await postServiceJson(call, serving, body);
  const decoded = checkCount(wire.response.toIr(answer.json).value, input.count);
  call.outcome.usage = decoded.usage;
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
    `translated:${input.caller === 'openai' ? 'openai' : 'gemini'}>${wire.id}`,
    ir.warnings,
    encoded.warnings,
  );
  const answer = await postServiceJson(call, serving, JSON.stringify(encoded.value));
  await sendAnswer(call, input, checkCount(wire.response.toIr(answer.json).value, input.count));
}

/** Writes the answer in the caller's shape. */
async function sendAnswer(call: ServiceCall, input: EmbeddingsInput, answer: IrEmbeddingResponse): Promise<void> {
  if (answer.usage) call.outcome.usage = answer.usage;
  const encodingFormat = encodingOf(input);
  const written =
    input.caller === 'openai'
      ? irToOpenAiEmbeddingsResponse(answer, { model: call.model, ...(encodingFormat ? { encodingFormat } : {}) })
      : input.caller === 'gemini-batch'
        ? irToGeminiBatchEmbedResponse(answer)
        : irToGeminiEmbedResponse(answer);
  call.outcome.warnings = [...call.outcome.warnings, ...written.warnings];
  call.sink.sendJson(200, written.value, completeAnswerHeaders(call));
}

function requireIr(input: EmbeddingsInput): { value: IrEmbeddingRequest; warnings: IrWarning[] } {
  if ('error' in input.ir) throw input.ir.error;
  return input.ir;
}

/** An answer with another number of vectors than inputs is a broken upstream answer (502), never passed on. */
function checkCount(answer: IrEmbeddingResponse, count: number): IrEmbeddingResponse {
  if (answer.vectors.length !== count) {
    throw new IrError({
      kind: 'upstream-error',
      message: `The upstream answered ${answer.vectors.length} embeddings for ${count} inputs`,
      source: 'upstream',
    });
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
