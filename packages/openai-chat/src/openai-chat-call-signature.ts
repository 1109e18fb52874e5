import type { IrOpaque } from '@interlingua/ir';
import { asRecord } from '@interlingua/ir-utils';

/** The field a tool call's opaque signature travels in: Gemini's OpenAI-compatible `extra_content`. */
export interface OpenAiChatCallSignature {
  extra_content?: { google: { thought_signature: string } };
}

/**
 * A tool call's opaque data of origin `openai-chat` (the gateway's carrier for a signed call) as
 * `extra_content.google.thought_signature`, the field OpenAI-compatible clients (the AI SDK's
 * among them) read from a call and send back on it; nothing for any other opaque data.
 */
export function callSignatureField(opaque: IrOpaque | undefined): OpenAiChatCallSignature {
  return opaque?.origin === 'openai-chat' ? { extra_content: { google: { thought_signature: opaque.data } } } : {};
}

/** The signature a tool call sent back carries in `extra_content.google.thought_signature`, as opaque data of origin `openai-chat`. */
export function callSignatureOf(call: Record<string, unknown>): IrOpaque | undefined {
  const signature = asRecord(asRecord(call['extra_content'])?.['google'])?.['thought_signature'];
  return typeof signature === 'string' && signature !== ''
    ? { origin: 'openai-chat', kind: 'signature', data: signature }
    : undefined;
}
