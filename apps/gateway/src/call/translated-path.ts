import type { IrError } from '@interlingua/ir';
import { type IrStreamEvent, type StyleCodec } from '@interlingua/ir';
import { safeJsonParse, withAutoCacheBreakpoints } from '@interlingua/ir-utils';
import {
  codecFor,
  fetchUpstream,
  mapTransportError,
  streamUpstreamInto,
  type HttpProviderAdapter,
  type ProviderSettings,
  type UpstreamErrorAnswer,
  type UpstreamRequest,
} from '@interlingua/provider-adapters';
import { noteStreamFailure } from './stream-failure.js';
import type { GenerationRequest } from '../context/generation-call.js';
import type { RequestStop } from '../context/request-stop.js';
import { irRequestForTarget, type DecodableRequest } from './ir-request-for-target.js';
import { IrStreamWriter, sendTranslatedResponse, type WrittenRequest, type WrittenRun } from './ir-stream-writer.js';
import { jsonBytesInPieces } from './json-bytes-in-pieces.js';
import { toolNameMapFor, type ToolNameMap } from './tool-name-map.js';
import { untranslatableWarnings } from './untranslatable.js';
import { createUpstreamSseReader } from './upstream-sse-reader.js';
import { buildUpstreamRequest, upstreamHttpError, type ForwardedRequest } from './upstream-request.js';
import { safeUpstreamError } from './upstream-error-redaction.js';
import { reasoningForTarget, streamSealerFor } from '../reasoning/reasoning-call.js';
import type { CarrierSealing } from '../reasoning/seal-answer.js';
import { upstreamError } from '../http/style-errors.js';

const MAX_ERROR_BODY_BYTES = 64 * 1024;

/** What the translated path reads of the request. */
type TranslatedRequest = DecodableRequest &
  WrittenRequest &
  ForwardedRequest &
  Pick<GenerationRequest, 'rawBody' | 'hooks' | 'reasoning' | 'limits' | 'ops'>;

/** Caller style and upstream wire differ: decode to IR (with the route's cache marks: `marksCache`), and back. */
export async function runTranslatedPath(
  call: TranslatedRequest,
  run: WrittenRun,
  adapter: HttpProviderAdapter,
  signal: RequestStop,
  marksCache: boolean,
): Promise<void> {
  const { outcome } = run;
  const target = outcome.target;
  if (!target) return;
  const wire = adapter.wire(target.settings, target.upstreamModel);
  const upstreamCodec = codecFor(wire);
  const forTarget = irRequestForTarget(call, run);
  const decoded = marksCache ? withAutoCacheBreakpoints(forTarget, call.route.cache?.ttl) : forTarget;
  const { prepareUpstreamIr } = call.hooks;
  const prepared =
    prepareUpstreamIr && typeof wire === 'string' ? await prepareUpstreamIr(decoded, wire, signal) : decoded;
  const patched = adapter.hooks?.patchIr ? adapter.hooks.patchIr(prepared) : prepared;
  const reasoning = call.reasoning ? reasoningForTarget(patched, wire, call.reasoning) : undefined;
  const ir = reasoning?.ir ?? patched;
  const sealing = reasoning?.sealing;
  outcome.warn(reasoning?.warnings ?? []);
  outcome.warn(
    untranslatableWarnings(ir, call.inbound.codec.id, upstreamCodec.id, call.route.untranslatable ?? 'warn'),
  );
  const names = toolNameMapFor(ir);
  const encoded = upstreamCodec.request.fromIr(names ? names.shorten(ir) : ir);
  outcome.warn([...(names?.warnings ?? []), ...encoded.warnings]);
  const body = encoded.value as Record<string, unknown>;
  // A chat caller's `usage` opt-in is the gateway's: the chat encoder would send it back up with the other fields it keeps.
  if (call.asks.optInInBody) delete body.usage;
  outcome.warn(
    adapter.hooks?.patchRequest?.(body, {
      settings: target.settings,
      model: target.upstreamModel,
      stream: ir.stream,
    }) ?? [],
  );
  const attempt: UpstreamAttempt = {
    request: buildUpstreamRequest(call, run, adapter, upstreamBodyBytes(call.rawBody, body), ir.stream, signal, {
      mcpServers: ir.mcpServers !== undefined,
    }),
    signal,
    codec: upstreamCodec,
    adapter,
    names,
    sealing,
  };
  if (ir.stream) await streamTranslated(call, run, attempt);
  else await bufferedTranslated(call, run, attempt);
}

/** A large body's upstream JSON is written in pieces (`jsonBytesInPieces`): no string holds all of it. */
const PIECES_FROM_BYTES = 64 * 1024;

/** The upstream body's JSON: as bytes built in pieces when the caller's body (`rawBody`) was large, else as a string. */
function upstreamBodyBytes(rawBody: Buffer, body: Record<string, unknown>): string | Buffer {
  return rawBody.length >= PIECES_FROM_BYTES ? jsonBytesInPieces(body) : JSON.stringify(body);
}

/** One request to one upstream, and how its answer is read (the caller's request and run go beside it). */
interface UpstreamAttempt {
  request: UpstreamRequest;
  /** The attempt's signal (the upstream request's). */
  signal: RequestStop;
  /** The upstream's style. */
  codec: StyleCodec<unknown, unknown>;
  adapter: HttpProviderAdapter;
  /** Tool names shortened for the upstream, restored in its answer. */
  names: ToolNameMap | undefined;
  /** How foreign reasoning is sealed for the caller. */
  sealing: CarrierSealing | undefined;
}

async function bufferedTranslated(call: TranslatedRequest, run: WrittenRun, attempt: UpstreamAttempt): Promise<void> {
  const { request, codec, adapter, names, sealing } = attempt;
  const answer = await fetchUpstream(request, call.limits.maxUpstreamBodyBytes);
  if (answer.status >= 400) throw upstreamHttpError(codec, answer, answer.body, adapter, run.outcome.target?.settings);
  const parsed = safeJsonParse(answer.body.toString('utf8'));
  if (!parsed.ok) throw invalidUpstreamBody(parsed.error);
  const response = codec.response.toIr(parsed.value).value;
  await sendTranslatedResponse(call, run, names ? names.restoreResponse(response) : response, sealing);
}

async function streamTranslated(call: TranslatedRequest, run: WrittenRun, attempt: UpstreamAttempt): Promise<void> {
  const { request, signal, codec, adapter, names, sealing } = attempt;
  const writer = new IrStreamWriter(call, run, streamSealerFor(sealing));
  const decode = createUpstreamEventDecoder(codec, adapter, names, run.outcome.target?.settings);
  let failed: UpstreamErrorAnswer | undefined;
  try {
    failed = await streamUpstreamInto(
      request,
      { push: (chunk) => writer.push(decode.push(chunk)), end: async () => writer.push(decode.end()) },
      MAX_ERROR_BODY_BYTES,
    );
  } catch (error) {
    const stopped = signal.stopped();
    if (stopped === 'caller-left') return;
    const failure = (stopped ?? mapTransportError(error, 'during-body')).data;
    if (writer.committed) noteStreamFailure(run.outcome, call.ops?.metrics, failure);
    await writer.fail(failure);
    return;
  }
  if (failed) throw upstreamHttpError(codec, failed.head, failed.body, adapter, run.outcome.target?.settings);
  await writer.finish();
}

/** Upstream SSE bytes to IR events (tool names restored when the request shortened them). */
function createUpstreamEventDecoder(
  codec: StyleCodec<unknown, unknown>,
  adapter: HttpProviderAdapter,
  names: ToolNameMap | undefined,
  settings: ProviderSettings | undefined,
): { push(chunk: Buffer): IrStreamEvent[]; end(): IrStreamEvent[] } {
  const parser = adapter.createStreamParser?.() ?? createUpstreamSseReader();
  const decoder = codec.stream.createDecoder();
  const decodeMessages = (messages: ReturnType<typeof parser.push>): IrStreamEvent[] => {
    const events: IrStreamEvent[] = [];
    // An upstream's in-band error is passed on: redacted like an error answer.
    for (const message of messages)
      for (const event of decoder.push(message))
        events.push(event.type === 'error' ? { ...event, error: safeUpstreamError(event.error, settings) } : event);
    return names ? names.restoreEvents(events) : events;
  };
  return {
    push: (chunk) => decodeMessages(parser.push(chunk)),
    end: () => [...decodeMessages(parser.end()), ...(names ? names.restoreEvents(decoder.end()) : decoder.end())],
  };
}

export function invalidUpstreamBody(reason: string): IrError {
  return upstreamError(`The upstream provider sent an invalid body: ${reason}`);
}
