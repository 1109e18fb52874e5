import {
  ANTHROPIC_MESSAGES_BODY_FIELDS,
  ANTHROPIC_MESSAGES_STREAM_FIELDS,
} from '@interlingua/anthropic-messages/internal';
import { GEMINI_BODY_FIELDS, GEMINI_STREAM_FIELDS } from '@interlingua/gemini/internal';
import { OPENAI_CHAT_BODY_FIELDS, OPENAI_CHAT_STREAM_FIELDS } from '@interlingua/openai-chat/internal';
import { OPENAI_RESPONSES_BODY_FIELDS, OPENAI_RESPONSES_STREAM_FIELDS } from '@interlingua/openai-responses/internal';
import type { WireBodyFields } from '@interlingua/ir-utils';
import type { GenerationStyle } from '@interlingua/provider-adapters';

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
