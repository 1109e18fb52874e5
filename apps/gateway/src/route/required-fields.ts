import { checkAnthropicMessagesRequestLimits } from '@interlingua/anthropic-messages/internal';
import { checkGeminiRequestLimits } from '@interlingua/gemini/internal';
import { invalidRequest } from '@interlingua/ir';
import { checkOpenAiResponsesRequestLimits } from '@interlingua/openai-responses/internal';
import type { GenerationStyle } from '@interlingua/provider-adapters';
import { parsedFieldsOf, pendingField, shapeOf } from '../http/lazy-json-body.js';
import { checkOpenAiChatLimits } from './chat-tool-limits.js';
import {
  ANTHROPIC_MESSAGES,
  GEMINI,
  OPENAI_CHAT,
  OPENAI_RESPONSES,
  STYLE_BODY_FIELDS,
} from '../http/request-styles.js';

/**
 * Checks the fields each style's API requires (its package's `requiredFields`) and the limits of
 * those that have them before anything is sent upstream, so a body the upstream would refuse gets
 * a 400 naming the field even on the same-style fast path (where the body is otherwise forwarded
 * without decoding). Full validation happens when the body is decoded into the IR.
 */
export function checkRequiredFields(wire: GenerationStyle, json: Record<string, unknown>): void {
  for (const { field, holds, expected } of STYLE_BODY_FIELDS[wire].requiredFields) {
    // A large value of a lazy body not parsed yet is checked by its kind, which is all these checks read.
    const pending = pendingField(json, field);
    if (!holds(pending ? shapeOf(pending) : json[field]))
      throw invalidRequest(
        `${field}: ${json[field] === undefined ? 'required' : 'invalid'}; expected ${expected}`,
        field,
      );
  }
  LIMITS[wire](parsedFieldsOf(json));
}

/**
 * Each style's check of the fields that have limits (model name length, documented sampling
 * ranges, tool names, metadata, end-user ids), as its API answers them: with a 400 naming the
 * field, on every path (the fast path forwards the body without decoding it).
 */
const LIMITS: Record<GenerationStyle, (json: Record<string, unknown>) => void> = {
  [OPENAI_CHAT]: checkOpenAiChatLimits,
  [OPENAI_RESPONSES]: checkOpenAiResponsesRequestLimits,
  [ANTHROPIC_MESSAGES]: checkAnthropicMessagesRequestLimits,
  [GEMINI]: checkGeminiRequestLimits,
};
