import type { IrMcpPart } from './mcp.js';
import type { OpaqueOrigin } from './style-id.js';

/**
 * Provider-opaque data that must travel back unchanged, tagged with the family that minted it.
 * Encoders forward it only when `origin` equals the target family; elsewhere it is dropped.
 */
export interface IrOpaque {
  origin: OpaqueOrigin;
  /** `signature`: Anthropic thinking / Gemini thought signature; `encrypted`: OpenAI reasoning; `redacted`: Anthropic redacted thinking. */
  kind: 'signature' | 'encrypted' | 'redacted';
  data: string;
  /** The provider's id for the item that carried the blob (OpenAI reasoning item id). */
  itemId?: string;
}

export interface IrTextPart {
  type: 'text';
  text: string;
  /** Web pages the text cites (Anthropic `web_search_result_location`, Responses `url_citation`, Gemini grounding supports). */
  citations?: IrCitation[];
  /** Prompt-cache breakpoint requested on this part (Anthropic `cache_control`). */
  cacheControl?: { type: 'ephemeral'; ttl?: string };
}

/** Where the bytes of a file or image are. */
export type IrFileSource =
  { kind: 'base64'; data: string } | { kind: 'url'; url: string } | { kind: 'file-id'; fileId: string };

/** An image, audio clip or document. Images are files whose `mediaType` starts with `image/`. */
export interface IrFilePart {
  type: 'file';
  /** IANA media type when known (`image/png`, `application/pdf`, `audio/wav`). */
  mediaType?: string;
  source: IrFileSource;
  filename?: string;
  /** Image detail hint (OpenAI `detail`). */
  detail?: 'auto' | 'low' | 'high';
  cacheControl?: { type: 'ephemeral'; ttl?: string };
}

/** Model reasoning. `text` may be empty when only an opaque blob exists (redacted thinking). */
export interface IrReasoningPart {
  type: 'reasoning';
  text: string;
  opaque?: IrOpaque;
}

/** A call the model made. `argumentsJson` is always a JSON string (`"{}"` for no arguments). */
export interface IrToolCallPart {
  type: 'tool-call';
  id: string;
  name: string;
  argumentsJson: string;
  /** Gemini `thoughtSignature` attached to a function call. */
  opaque?: IrOpaque;
}

/** The answer to a tool call. `toolName` is required because Gemini matches results by name. */
export interface IrToolResultPart {
  type: 'tool-result';
  toolCallId: string;
  toolName: string;
  content: Array<IrTextPart | IrFilePart>;
  isError?: boolean;
  cacheControl?: { type: 'ephemeral'; ttl?: string };
}

/** A web page cited by a text part. */
export interface IrCitation {
  url: string;
  title?: string;
  /** The words of the page the text rests on (Anthropic `cited_text`). */
  citedText?: string;
  /** The cited span of the part's text in UTF-16 code units, end exclusive; absent = the whole part. */
  startIndex?: number;
  endIndex?: number;
  /** The provider's citation object as sent, forwarded only to a style of the same family. */
  raw?: { origin: OpaqueOrigin; value: Record<string, unknown> };
}

/** A page a web search found. */
export interface IrWebSource {
  url: string;
  title?: string;
}

/**
 * A web search the provider ran for the model (Anthropic `server_tool_use` + `web_search_tool_result`,
 * Responses `web_search_call`, Gemini grounding, chat search models), with what it found.
 */
export interface IrWebSearchPart {
  type: 'web-search';
  id: string;
  queries: string[];
  sources: IrWebSource[];
  /** The provider's error code when the search failed (`max_uses_exceeded`, `unavailable`…). */
  error?: string;
  /** The provider's own blocks or item as sent, forwarded only to a style of the same family. */
  raw?: { origin: OpaqueOrigin; value: Record<string, unknown>[] };
}

/** The model declined to answer (OpenAI `refusal`). */
export interface IrRefusalPart {
  type: 'refusal';
  text: string;
}

export type IrContentPart =
  | IrTextPart
  | IrFilePart
  | IrReasoningPart
  | IrToolCallPart
  | IrToolResultPart
  | IrRefusalPart
  | IrWebSearchPart
  | IrMcpPart;

export type IrRole = 'system' | 'developer' | 'user' | 'assistant' | 'tool';

/**
 * One turn. System and developer instructions stay ordered messages; encoders hoist them where
 * a style demands. Tool results travel in `tool` messages holding only `tool-result` parts.
 */
export interface IrMessage {
  role: IrRole;
  content: IrContentPart[];
  name?: string;
}
