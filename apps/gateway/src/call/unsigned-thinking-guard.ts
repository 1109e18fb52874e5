import { ANTHROPIC_EMPTY_SIGNATURE_NEEDLES } from '@interlingua/anthropic-messages/internal';
import type { IrWarning } from '@interlingua/ir';
import type { GenerationRequest } from '../context/generation-call.js';
import { ANTHROPIC_MESSAGES } from '../http/request-styles.js';

/** What the guard reads of the request: the caller's style and raw body. */
export type ThinkingScan = Pick<GenerationRequest, 'inbound' | 'rawBody'>;

/** An empty signature as JSON encoders write it (from the Anthropic package), as bytes. */
const EMPTY_SIGNATURE = ANTHROPIC_EMPTY_SIGNATURE_NEEDLES.map((needle) => Buffer.from(needle));

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A `thinking` block Anthropic would refuse: no signature, or an empty one. */
const isUnsignedThinking = (block: unknown): boolean =>
  isRecord(block) && block.type === 'thinking' && (typeof block.signature !== 'string' || block.signature === '');

/** Whether an Anthropic request's raw bytes hold an empty signature: only then can it hold an unsigned thinking block. */
export function mayHoldUnsignedThinking(request: ThinkingScan): boolean {
  return (
    request.inbound.wire === ANTHROPIC_MESSAGES && EMPTY_SIGNATURE.some((needle) => request.rawBody.includes(needle))
  );
}

/**
 * Removes the `thinking` blocks without a signature from an Anthropic request relayed as is
 * (Anthropic answers 400 "Invalid `signature` in `thinking` block" to them; a client sends them
 * back when an earlier answer came from another provider). Called only for a body that
 * `mayHoldUnsignedThinking`, asked once by the caller. A turn left empty is removed. Returns a
 * `dropped` warning per removed block (none: `body` is unchanged).
 */
export function dropUnsignedThinking(body: Record<string, unknown>): IrWarning[] {
  const messages = body.messages;
  if (!Array.isArray(messages)) return [];
  const warnings: IrWarning[] = [];
  const kept = messages.flatMap((message: unknown, turn) => {
    if (!isRecord(message) || !Array.isArray(message.content)) return [message];
    const content = message.content.filter((block: unknown, index) => {
      if (!isUnsignedThinking(block)) return true;
      warnings.push({
        kind: 'dropped',
        field: `messages[${turn}].content[${index}]`,
        message: 'a thinking block without a signature was removed: Anthropic refuses thinking blocks it did not sign',
      });
      return false;
    });
    if (content.length === message.content.length) return [message];
    return content.length === 0 ? [] : [{ ...message, content }];
  });
  if (warnings.length > 0) body.messages = kept;
  return warnings;
}
