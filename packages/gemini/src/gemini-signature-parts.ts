import type { IrOpaque } from '@interlingua/ir';

/** The fields of a Gemini part that decide where a thought signature may go. */
interface SignablePart {
  text?: string | undefined;
  thoughtSignature?: string | undefined;
  thought?: boolean | undefined;
  functionCall?: unknown;
  functionResponse?: unknown;
}

/** The thought signature in IR opaque data when Gemini made it, else undefined. */
export function geminiSignatureOf(opaque: IrOpaque | undefined): string | undefined {
  return opaque?.origin === 'gemini' && opaque.kind === 'signature' ? opaque.data : undefined;
}

/**
 * Puts back a thought signature that the IR carried as an empty reasoning part: onto the part
 * right before it when that is a text or media part without a signature of its own (its
 * original carrier), else as Gemini's own carrier form, an empty text part with the signature.
 */
export function attachGeminiSignature(parts: SignablePart[], signature: string): void {
  const previous = parts.at(-1);
  if (
    previous &&
    previous.thoughtSignature === undefined &&
    previous.thought !== true &&
    !previous.functionCall &&
    !previous.functionResponse
  ) {
    previous.thoughtSignature = signature;
    return;
  }
  parts.push({ text: '', thoughtSignature: signature });
}
