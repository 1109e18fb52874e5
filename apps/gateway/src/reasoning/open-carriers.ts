import type { IrContentPart, IrMessage, IrOpaque, IrWarning } from '@interlingua/ir';
import { isCarrier, openCarrier } from './reasoning-carrier.js';
import type { SealKey } from './sealed-bytes.js';

/** Why a carrier did not open, as the warning says it. */
const FAILURE_TEXT = {
  'other-key': 'was sealed for another API key',
  unreadable: 'was altered or not sealed by this gateway',
} as const;

/**
 * Replaces every carrier in a request with what it holds: the original artefact, byte for byte,
 * on the reasoning part that carried it, or on the next tool call of the turn when it was a
 * function-call signature. A carrier that does not open under this key is removed with a warning:
 * a carrier never reaches a provider.
 */
export function openCarriers(messages: readonly IrMessage[], seal: SealKey): { messages: IrMessage[]; warnings: IrWarning[] } {
  const warnings: IrWarning[] = [];
  const out = messages.map((message, m) => {
    if (!message.content.some((part) => holdsCarrier(part))) return message;
    return { ...message, content: openInTurn(message.content, `messages[${m}]`, seal, warnings) };
  });
  return { messages: out, warnings };
}

function holdsCarrier(part: IrContentPart): boolean {
  return (part.type === 'reasoning' || part.type === 'tool-call') && part.opaque !== undefined && isCarrier(part.opaque.data);
}

function openInTurn(content: readonly IrContentPart[], field: string, seal: SealKey, warnings: IrWarning[]): IrContentPart[] {
  const out: IrContentPart[] = [];
  /** A function-call signature waiting for the next tool call of the turn. */
  let forNextCall: IrOpaque | undefined;
  content.forEach((part, p) => {
    if (part.type === 'tool-call' && forNextCall) {
      out.push({ ...part, opaque: forNextCall });
      forNextCall = undefined;
      return;
    }
    if (!holdsCarrier(part) || (part.type !== 'reasoning' && part.type !== 'tool-call')) {
      out.push(part);
      return;
    }
    const { opaque, ...bare } = part;
    const opened = openCarrier(opaque?.data ?? '', seal);
    if (!opened.ok) {
      warnings.push({ kind: 'dropped', field: `${field}.content[${p}]`, message: `a reasoning carrier that ${FAILURE_TEXT[opened.reason]} was removed` });
      if (part.type === 'tool-call') out.push(bare);
      return;
    }
    const original = opened.contents.opaque;
    if (part.type === 'tool-call') out.push(original ? { ...bare, opaque: original } : bare);
    else if (opened.contents.toolCall) forNextCall = original;
    else {
      const reasoning = opened.contents.text === undefined ? bare : { ...bare, text: opened.contents.text };
      out.push(original ? { ...reasoning, opaque: original } : reasoning);
    }
  });
  return out;
}

/**
 * The messages without any carrier, for requests that need no reasoning replayed (token counts):
 * reasoning parts holding one are removed, tool calls lose theirs.
 */
export function withoutCarriers(messages: readonly IrMessage[]): IrMessage[] {
  return messages.map((message) => {
    if (!message.content.some((part) => holdsCarrier(part))) return message;
    const content = message.content.flatMap((part): IrContentPart[] => {
      if (!holdsCarrier(part)) return [part];
      if (part.type !== 'tool-call') return [];
      const { opaque: _carrier, ...call } = part;
      return [call];
    });
    return { ...message, content };
  });
}
