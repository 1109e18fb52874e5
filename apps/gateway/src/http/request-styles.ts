import {
  ANTHROPIC_MESSAGES_BODY_FIELDS,
  ANTHROPIC_MESSAGES_STREAM_FIELDS,
} from '@interlingua/anthropic-messages/internal';
import { GEMINI_BODY_FIELDS, GEMINI_STREAM_FIELDS } from '@interlingua/gemini/internal';
import { OPENAI_CHAT_BODY_FIELDS, OPENAI_CHAT_STREAM_FIELDS } from '@interlingua/openai-chat/internal';
import { OPENAI_RESPONSES_BODY_FIELDS, OPENAI_RESPONSES_STREAM_FIELDS } from '@interlingua/openai-responses/internal';
import type { OpaqueOrigin } from '@interlingua/ir';
import type { WireBodyFields } from '@interlingua/ir-utils';
import type { GenerationStyle } from '@interlingua/provider-adapters';
import type { EndpointName } from '../config/operations-schema.js';

/*
 * The request styles the gateway serves: the one module of the gateway that names their
 * literals. Everything else asks here (a style's name, the list, what its body holds where);
 * the wire knowledge itself lives in the style packages.
 */

export const OPENAI_CHAT = 'openai-chat' satisfies GenerationStyle;
export const OPENAI_RESPONSES = 'openai-responses' satisfies GenerationStyle;
export const ANTHROPIC_MESSAGES = 'anthropic-messages' satisfies GenerationStyle;
export const GEMINI = 'gemini' satisfies GenerationStyle;

/** Every request style, in the order the console and the docs list them. */
export const REQUEST_STYLES = [OPENAI_CHAT, OPENAI_RESPONSES, ANTHROPIC_MESSAGES, GEMINI] as const;

/** How a style carries opaque reasoning, and how its callers get carriers of other families' reasoning (flags absent: no). */
export interface StyleReasoning {
  /** The family whose opaque reasoning the style carries as an upstream wire; none for a style without such a field. */
  family?: OpaqueOrigin;
  /** The family whose carrier field a caller of the style has (chat callers: `openai-chat`, in `reasoning_details`). */
  callerFamily: OpaqueOrigin;
  /** The kind of opaque value that field holds. */
  carrierKind: 'signature' | 'encrypted';
  /** Visible reasoning without an artefact gets a carrier (Anthropic: signed thinking only; chat: parts merge). */
  textCarriers?: true;
  /** A carrier holds the reasoning's text too (chat). */
  carrierHoldsText?: true;
  /** A field on the tool call itself takes a carrier (Gemini `thoughtSignature`, chat `extra_content.google`). */
  signsCalls?: true;
  /** The first call of a turn from another family gets a carrier (Gemini 3 wants a signature there). */
  firstCallCarrier?: true;
  /** A carrier on an empty thought part closes the thought streamed in text parts right before it (Gemini). */
  closesStreamedThought?: true;
}

/** What the gateway says of one request style beside its codec. */
export interface StyleRecord {
  /** The endpoint name (keys' `endpoints`, body limits, the metrics `route` label). */
  endpoint: EndpointName;
  /** `gen_ai.operation.name` of its generation spans. */
  operation: 'chat' | 'generate_content';
  reasoning: StyleReasoning;
}

export const STYLE_RECORDS: Readonly<Record<GenerationStyle, StyleRecord>> = {
  [OPENAI_CHAT]: {
    endpoint: 'chat',
    operation: 'chat',
    reasoning: {
      callerFamily: 'openai-chat',
      carrierKind: 'encrypted',
      textCarriers: true,
      carrierHoldsText: true,
      signsCalls: true,
    },
  },
  [OPENAI_RESPONSES]: {
    endpoint: 'responses',
    operation: 'chat',
    reasoning: { family: 'openai', callerFamily: 'openai', carrierKind: 'encrypted' },
  },
  [ANTHROPIC_MESSAGES]: {
    endpoint: 'messages',
    operation: 'chat',
    reasoning: { family: 'anthropic', callerFamily: 'anthropic', carrierKind: 'signature', textCarriers: true },
  },
  [GEMINI]: {
    endpoint: 'gemini',
    operation: 'generate_content',
    reasoning: {
      family: 'gemini',
      callerFamily: 'gemini',
      carrierKind: 'signature',
      signsCalls: true,
      firstCallCarrier: true,
      closesStreamedThought: true,
    },
  },
};

/** The record of a wire the gateway names as a request style; undefined for any other (Bedrock, a typo). */
export function styleRecordOf(wire: unknown): StyleRecord | undefined {
  return typeof wire === 'string' && Object.hasOwn(STYLE_RECORDS, wire)
    ? STYLE_RECORDS[wire as GenerationStyle]
    : undefined;
}

/** The record of the style whose generation endpoint `endpoint` is; undefined for other endpoints. */
export function styleOfEndpoint(endpoint: string): StyleRecord | undefined {
  return REQUEST_STYLES.map((style) => STYLE_RECORDS[style]).find((record) => record.endpoint === endpoint);
}

/** What a style's request body holds where, from its package (`*_BODY_FIELDS` of its `./internal` entry). */
export const STYLE_BODY_FIELDS: Readonly<Record<GenerationStyle, WireBodyFields>> = {
  [OPENAI_CHAT]: OPENAI_CHAT_BODY_FIELDS,
  [OPENAI_RESPONSES]: OPENAI_RESPONSES_BODY_FIELDS,
  [ANTHROPIC_MESSAGES]: ANTHROPIC_MESSAGES_BODY_FIELDS,
  [GEMINI]: GEMINI_BODY_FIELDS,
};

/** What a style's streamed answer holds where, from its package (`*_STREAM_FIELDS` of its `./internal` entry). */
export interface StyleStreamFields {
  /** The keys whose string values are text the model wrote (deltas only). */
  textKeys: readonly string[];
  /** The `event:` names (or data `type`s) that end a stream; none for a style that ends it otherwise. */
  endEvents: readonly string[];
}

export const STYLE_STREAM_FIELDS: Readonly<Record<GenerationStyle, StyleStreamFields>> = {
  [OPENAI_CHAT]: OPENAI_CHAT_STREAM_FIELDS,
  [OPENAI_RESPONSES]: OPENAI_RESPONSES_STREAM_FIELDS,
  [ANTHROPIC_MESSAGES]: ANTHROPIC_MESSAGES_STREAM_FIELDS,
  [GEMINI]: GEMINI_STREAM_FIELDS,
};

/** A table with an entry for every style, made by `entryOf`. */
export function byStyle<Entry>(entryOf: (style: GenerationStyle) => Entry): Readonly<Record<GenerationStyle, Entry>> {
  return Object.fromEntries(REQUEST_STYLES.map((style) => [style, entryOf(style)])) as Record<GenerationStyle, Entry>;
}

/** The union of one list of every style's body fields. */
export function everyStyles(list: 'contentFields' | 'mediaPartTypes' | 'fileDataKeys'): ReadonlySet<string> {
  return new Set(REQUEST_STYLES.flatMap((style) => STYLE_BODY_FIELDS[style][list]));
}
