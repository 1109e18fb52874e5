import type {
  IrErrorData,
  IrModel,
  IrRequest,
  IrStreamEvent,
  IrWarning,
  SseMessage,
  StreamMachine,
  StyleCodec,
} from '@interlingua/ir';
import type { IrEmbeddingRequest, IrEmbeddingResponse } from '@interlingua/embeddings';
import type { IrRerankRequest, IrRerankResponse } from '@interlingua/rerank';
import type { Dispatcher } from 'undici';
import type { GenerationStyle } from '@interlingua/translate';
import type { SignableRequest, UpstreamHeaders, UpstreamTimeouts } from './transport/upstream-transport.js';

/** The generation styles an upstream can speak: the four `@interlingua/translate` converts between. */
export type { GenerationStyle };

/**
 * A wire a provider brings in its own folder (Bedrock Converse). It is never a caller style, so
 * calls to it always take the translated path.
 */
export interface ProviderWire {
  /** The wire's name in route headers and logs (`bedrock-converse`). */
  id: string;
  codec: StyleCodec<unknown, unknown>;
}

/** What an upstream speaks for generation: a built-in style wire or a provider-brought one. */
export type UpstreamWire = GenerationStyle | ProviderWire;

/** A provider entry of the gateway config, resolved (defaults applied, secrets interpolated). */
export interface ProviderSettings {
  id: string;
  type: string;
  baseUrl: string;
  apiKey?: string;
  /** Extra headers sent on every upstream request. */
  headers: Record<string, string>;
  /** Caller headers passed upstream (lower-case names). */
  forwardHeaders: string[];
  /** Which OpenAI API to call for generation. */
  api: 'chat' | 'responses';
  /** Adapter-specific options (Azure `apiVersion`, mock `latencyMs`, …). */
  options: Record<string, unknown>;
  timeouts?: UpstreamTimeouts;
  dispatcher?: Dispatcher;
}

/** Where and how to send one upstream call. */
export interface UpstreamEndpoint {
  url: string;
  headers: Record<string, string>;
}

export interface GenerationCall {
  settings: ProviderSettings;
  /** The provider's model id (after `mapModelId`). */
  model: string;
  stream: boolean;
}

/** Services beside generation, each with its own wire. */
export type ServiceName =
  | 'embeddings'
  | 'rerank'
  | 'images.generations'
  | 'images.edits'
  | 'images.variations'
  | 'audio.speech'
  | 'audio.transcriptions'
  | 'audio.translations';

/** Where a provider serves one non-generation service, and the wire it speaks there. */
export interface ServiceEndpoint {
  /** The wire id, defined by the service's style package (e.g. `openai`, `cohere-v2`, `gemini`). */
  wire: string;
  endpoint(settings: ProviderSettings, model: string): UpstreamEndpoint;
}

/** Small typed hooks for provider quirks. */
export interface AdapterHooks {
  /** The provider's name for a model id the gateway routes to it. */
  mapModelId?(model: string, settings: ProviderSettings): string;
  /** Adjusts the IR request before it is encoded for this provider (translated path only). */
  patchIr?(request: IrRequest): IrRequest;
  /**
   * Adjusts a wire request body before it is sent. Returns a warning for each thing of the
   * caller's it had to drop or approximate; the gateway adds them to `x-interlingua-warnings`.
   */
  patchRequest?(body: Record<string, unknown>, call: GenerationCall): IrWarning[] | void;
  /**
   * Maps an upstream HTTP error answer (`body` parsed as JSON when it was JSON, else its text)
   * when the provider's error codes say more than the wire codec's `error.toIr` reads (Azure
   * OpenAI). The gateway calls it first and falls back to the codec when it returns undefined.
   * `headers` are the answer's headers (Bedrock names the error type in `x-amzn-errortype`).
   */
  mapError?(status: number, body: unknown, headers?: UpstreamHeaders): IrErrorData | undefined;
  /**
   * Headers a request needs for what it holds (Anthropic's MCP connector beta when it holds MCP
   * servers), computed over the request's headers (forwarded and endpoint ones) and merged over
   * them. The caller says what the request holds from what it already knows (the IR, or the
   * parsed body of a request relayed as sent): the body is never searched.
   */
  requestHeaders?(holds: RequestHolds, headers: Readonly<Record<string, string>>): Record<string, string>;
}

/** What a request to an upstream holds that its headers depend on. */
export interface RequestHolds {
  /** MCP servers for the upstream to call (an `mcp_servers` list, even empty). */
  mcpServers: boolean;
}

/** A provider reached over HTTP with one of the generation wires. */
export interface HttpProviderAdapter {
  kind: 'http';
  type: string;
  displayName: string;
  defaultBaseUrl?: string;
  /** Environment variables that register this provider when no config file is given. */
  environment?: { apiKey: string; baseUrl?: string };
  /** Caller headers always passed upstream (lower-case), beside the config's `forwardHeaders`. */
  forwardHeaders?: readonly string[];
  /**
   * `false` for a provider with no generation API that serves only its `services` (Cohere,
   * Voyage, Jina, text-embeddings-inference): its `generation()` throws an `unsupported` error
   * and its `wire()` means nothing. Default true.
   */
  generates?: boolean;
  /**
   * The wire the provider speaks for generation with these settings, and for `model` (the
   * provider's model id) when the provider serves several wires (Vertex: Gemini or Claude).
   */
  wire(settings: ProviderSettings, model?: string): UpstreamWire;
  generation(call: GenerationCall): UpstreamEndpoint;
  /**
   * Headers computed over the final request right before each send (and again on every retry):
   * request signing (AWS SigV4) or fresh OAuth tokens. Merged over the request's headers.
   * Throws an `IrError` when the credentials are missing or cannot be obtained.
   */
  signRequest?(request: SignableRequest, settings: ProviderSettings): Promise<Record<string, string>>;
  /**
   * Splits the upstream's streamed body into the messages its wire codec's stream decoder reads,
   * when the provider does not frame streams as SSE (Bedrock's AWS event stream). Only for
   * providers whose streams never take the same-style fast path (a `ProviderWire`).
   */
  createStreamParser?(): StreamMachine<Uint8Array, SseMessage>;
  /** Listing the provider's models, where it can. */
  models?: { endpoint(settings: ProviderSettings): UpstreamEndpoint; parse(body: unknown): IrModel[] };
  /** Non-generation services (embeddings, rerank, images, audio) the provider serves. */
  services?: Partial<Record<ServiceName, ServiceEndpoint>>;
  /** Counting a request's input tokens natively, where the provider's wire has an endpoint for it. */
  countTokens?: TokenCountEndpoint;
  hooks?: AdapterHooks;
}

/**
 * A provider's own token-count endpoint (Anthropic `count_tokens`, Gemini `:countTokens`, OpenAI
 * `responses/input_tokens`). The gateway encodes the request for `wire(settings)` as for a
 * non-streamed generation, then asks `body` for the count body and `parse` for the number.
 */
export interface TokenCountEndpoint {
  /** Where to count for these settings; undefined when this configuration has no count endpoint. */
  endpoint(settings: ProviderSettings, model: string): UpstreamEndpoint | undefined;
  /** The count body from the generation request encoded for the provider's wire. */
  body(wireRequest: Record<string, unknown>, model: string): unknown;
  /** The input-token count of the provider's answer; undefined when the answer holds none. */
  parse(body: unknown): number | undefined;
}

export interface LocalGenerationContext {
  settings: ProviderSettings;
  signal: AbortSignal;
}

/** A provider answered inside the gateway process (the `mock` test and demo provider). */
export interface LocalProviderAdapter {
  kind: 'local';
  type: string;
  displayName: string;
  generate(request: IrRequest, context: LocalGenerationContext): AsyncIterable<IrStreamEvent>;
  listModels(settings: ProviderSettings): IrModel[];
  /** Embeddings answered in process (the mock's documented vectors), where the provider has them. */
  embed?(request: IrEmbeddingRequest, context: LocalGenerationContext): IrEmbeddingResponse;
  /** Rerank answered in process (the mock's documented scores), where the provider has it. */
  rerank?(request: IrRerankRequest, context: LocalGenerationContext): IrRerankResponse;
  /** Images drawn in process (PNG bytes, one per image), where the provider has them. */
  images?(request: { prompt: string; n?: number; size?: string }): Buffer[];
  /** Speech made in process, where the provider has it. */
  speech?(input: string, format: string | undefined, speed: number | undefined): { audio: Buffer; contentType: string };
  /** A transcript (or translation) of uploaded audio made in process, where the provider has it. */
  transcribe?(
    task: 'transcribe' | 'translate',
    audio: Uint8Array,
    filename: string | undefined,
  ): { text: string; durationSeconds?: number };
}

export type ProviderAdapter = HttpProviderAdapter | LocalProviderAdapter;

/** Joins a base URL and a path without doubling or losing slashes. */
export function joinUrl(baseUrl: string, path: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

export function bearer(apiKey: string | undefined): Record<string, string> {
  return apiKey ? { authorization: `Bearer ${apiKey}` } : {};
}
