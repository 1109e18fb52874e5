import type { IrErrorData, IrModel, IrRequest, IrStreamEvent } from '@interlingua/ir';
import type { Dispatcher } from 'undici';
import type { UpstreamTimeouts } from './transport/upstream-transport.js';

/** The generation wires an upstream can speak. */
export type GenerationWire = 'openai-chat' | 'openai-responses' | 'anthropic-messages' | 'gemini';

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
  /** Adjusts a wire request body before it is sent. */
  patchRequest?(body: Record<string, unknown>, call: GenerationCall): void;
  /** Adjusts a parsed upstream stream chunk or response body before it is decoded. */
  patchChunk?(chunk: Record<string, unknown>): void;
  /**
   * Maps an upstream HTTP error answer (`body` parsed as JSON when it was JSON, else its text)
   * when the provider's error codes say more than the wire codec's `error.toIr` reads (Azure
   * OpenAI). The gateway calls it first and falls back to the codec when it returns undefined.
   */
  mapError?(status: number, body: unknown): IrErrorData | undefined;
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
  /** The wire the provider speaks for generation with these settings. */
  wire(settings: ProviderSettings): GenerationWire;
  generation(call: GenerationCall): UpstreamEndpoint;
  /** Listing the provider's models, where it can. */
  models?: { endpoint(settings: ProviderSettings): UpstreamEndpoint; parse(body: unknown): IrModel[] };
  /** Non-generation services (embeddings, rerank, images, audio) the provider serves. */
  services?: Partial<Record<ServiceName, ServiceEndpoint>>;
  hooks?: AdapterHooks;
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
}

export type ProviderAdapter = HttpProviderAdapter | LocalProviderAdapter;

/** Joins a base URL and a path without doubling or losing slashes. */
export function joinUrl(baseUrl: string, path: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

export function bearer(apiKey: string | undefined): Record<string, string> {
  return apiKey ? { authorization: `Bearer ${apiKey}` } : {};
}
