import type { IrContentPart, IrMessage, IrOpaque, IrWarning } from '@interlingua/ir';
import { isCarrier, openCarrier } from './reasoning-carrier.js';
import type { SealKey } from './sealed-bytes.js';
import { callerReasoningOf } from './reasoning-family.js';

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
export function openCarriers(messages: readonly IrMessage[], seal: SealKey): OpenedMessages {
  const result: OpenedMessages = { messages: [], warnings: [], opened: 0, dropped: 0 };
  result.messages = messages.map((message, m) => {
    if (!message.content.some((part) => holdsCarrier(part))) return message;
    return { ...message, content: openInTurn(message.content, `messages[${m}]`, seal, result) };
  });
  return result;
}

/** The messages with their carriers opened, the warnings about those removed, and how many of each. */
export interface OpenedMessages {
  messages: IrMessage[];
  warnings: IrWarning[];
  /** Carriers that opened (their artefact back in place). */
  opened: number;
  /** Carriers removed because they did not open under this key. */
  dropped: number;
}

function holdsCarrier(part: IrContentPart): boolean {
  return (
    (part.type === 'reasoning' || part.type === 'tool-call') && part.opaque !== undefined && isCarrier(part.opaque.data)
  );
}

function openInTurn(
  content: readonly IrContentPart[],
  field: string,
  seal: SealKey,
  result: OpenedMessages,
): IrContentPart[] {
  const out: IrContentPart[] = [];
  /** A function-call signature waiting for the next tool call of the turn. */
  let forNextCall: IrOpaque | undefined;
  /** The turn brought back reasoning of its own (then a call carrier's copy of it is not needed). */
  let keptReasoning = false;
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
      result.dropped++;
      result.warnings.push({
        kind: 'dropped',
        field: `${field}.content[${p}]`,
        message: `a reasoning carrier that ${FAILURE_TEXT[opened.reason]} was removed`,
      });
      if (part.type === 'tool-call') out.push(bare);
      return;
    }
    result.opened++;
    const original = opened.contents.opaque;
    if (part.type === 'tool-call') {
      if (!keptReasoning)
        for (const reasoning of opened.contents.turn ?? [])
          out.push({ type: 'reasoning', text: reasoning.text, opaque: reasoning.opaque });
      out.push(original ? { ...bare, opaque: original } : bare);
    } else if (opened.contents.toolCall) forNextCall = original;
    else {
      const text =
        opened.contents.text ??
        (closesStreamedThought(part.text, opaque, original) ? takeThoughtFragments(out) : part.text);
      out.push(original ? { type: 'reasoning', text, opaque: original } : { type: 'reasoning', text });
      if (original) keptReasoning = true;
    }
  });
  return out;
}

/**
 * Gemini streams a thought as text parts and then its signature on an empty thought part, and
 * Gemini callers keep the parts of every chunk as they came: a carrier on such an empty part
 * closes the thought whose fragments come right before it (the artefact inside, an Anthropic
 * signature for one, was made for the whole text). Redacted reasoning has no text to gather.
 */
function closesStreamedThought(text: string, carrier: IrOpaque | undefined, original: IrOpaque | undefined): boolean {
  return (
    text === '' &&
    carrier !== undefined &&
    callerReasoningOf(carrier.origin)?.closesStreamedThought === true &&
    original?.kind !== 'redacted'
  );
}

/** Removes the reasoning parts without an artefact at the end of `out` and returns their text, joined. */
function takeThoughtFragments(out: IrContentPart[]): string {
  let start = out.length;
  for (let last = out[start - 1]; last?.type === 'reasoning' && last.opaque === undefined; last = out[start - 1])
    start--;
  return out
    .splice(start)
    .map((fragment) => (fragment.type === 'reasoning' ? fragment.text : ''))
    .join('');
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
