import { createHash } from 'node:crypto';
import type { IrMessage, IrOpaque, OpaqueOrigin } from '@interlingua/ir';
import type { GenerationStyle } from '@interlingua/provider-adapters';

/**
 * The agent-task upstream's thinking signatures: what it mints for each step, how it checks the
 * ones a later request carries back, and how each wire refuses one it did not mint.
 */

export const SIGNATURE_ORIGIN: Record<GenerationStyle, OpaqueOrigin | undefined> = {
  'anthropic-messages': 'anthropic',
  gemini: 'gemini',
  'openai-responses': 'openai',
  'openai-chat': undefined,
};

/** The signature this upstream mints for a step's thinking (bound to its wire and text, as providers bind theirs). */
export function signatureFor(wire: GenerationStyle, bound: string): string {
  const digest = createHash('sha256').update(`${wire}\n${bound}`).digest('base64');
  return `${wire === 'gemini' ? 'Ci' : wire === 'anthropic-messages' ? 'Eq' : 'gAAAA'}${digest}`;
}

/** The value Gemini documents for a call whose thought signature the client cannot send back. */
const GEMINI_STAND_IN = 'skip_thought_signature_validator';

export const STEP_THOUGHT = /^Thinking about step (\d+) of the task/;

export interface SignatureCheck {
  kept: number;
  altered: number;
  lost: number;
}

/** Counts the signatures of this upstream's earlier steps that the history carries back. */
export function checkSignatures(wire: GenerationStyle, messages: readonly IrMessage[]): SignatureCheck {
  const check: SignatureCheck = { kept: 0, altered: 0, lost: 0 };
  if (!SIGNATURE_ORIGIN[wire]) return check;
  for (const message of messages) {
    if (message.role !== 'assistant') continue;
    if (wire === 'gemini') {
      // Gemini signs the first call of a turn; the thought itself does not come back.
      const call = message.content.find((part) => part.type === 'tool-call');
      if (call?.type !== 'tool-call') continue;
      // Gemini accepts its documented stand-in on a call whose signature the client no longer has
      // (Gemini CLI sends it when it summarises the session): not an alteration, but not kept either.
      if (call.opaque?.data === GEMINI_STAND_IN) check.lost++;
      else tally(check, call.opaque, signatureFor(wire, `${call.name}:${call.argumentsJson}`));
      continue;
    }
    for (const part of message.content) {
      if (part.type !== 'reasoning' || !STEP_THOUGHT.test(part.text)) continue;
      tally(check, part.opaque, signatureFor(wire, part.text));
    }
    const calls = message.content.filter((part) => part.type === 'tool-call').length;
    const reasoned = message.content.some((part) => part.type === 'reasoning');
    if (calls > 0 && !reasoned) check.lost++;
  }
  return check;
}

function tally(check: SignatureCheck, opaque: IrOpaque | undefined, expected: string): void {
  if (!opaque?.data) check.lost++;
  else if (opaque.data === expected) check.kept++;
  else check.altered++;
}

/** How each wire refuses a signature it did not mint, as the providers word it. */
export function alteredRefusal(wire: GenerationStyle): { status: number; body: unknown } {
  if (wire === 'gemini')
    return {
      status: 400,
      body: { error: { code: 400, message: 'Corrupted thought signature.', status: 'INVALID_ARGUMENT' } },
    };
  if (wire === 'anthropic-messages')
    return {
      status: 400,
      body: {
        type: 'error',
        error: { type: 'invalid_request_error', message: 'messages: Invalid `signature` in `thinking` block' },
      },
    };
  return {
    status: 400,
    body: {
      error: {
        message: 'The encrypted content could not be decrypted or parsed.',
        type: 'invalid_request_error',
        param: null,
        code: 'invalid_encrypted_content',
      },
    },
  };
}
