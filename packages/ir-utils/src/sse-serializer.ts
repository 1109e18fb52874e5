import type { SseMessage } from '@interlingua/ir';

/** Serialises one message; multi-line data becomes several `data:` lines. */
export function serializeSse(message: SseMessage): string {
  let out = '';
  if (message.event !== undefined) out += `event: ${message.event}\n`;
  if (message.id !== undefined) out += `id: ${message.id}\n`;
  if (message.retry !== undefined) out += `retry: ${message.retry}\n`;
  for (const line of message.data.split(/\r\n|\r|\n/)) out += `data: ${line}\n`;
  return out + '\n';
}

export function serializeSseMessages(messages: readonly SseMessage[]): string {
  let out = '';
  for (const message of messages) out += serializeSse(message);
  return out;
}

/** A comment line: ignored by every SSE client, used as a keep-alive. */
export function serializeSseComment(text = 'keep-alive'): string {
  return `: ${text.replace(/[\r\n]+/g, ' ')}\n\n`;
}
