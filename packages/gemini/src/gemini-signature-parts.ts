/** The fields of a Gemini part that decide where a thought signature may go. */
interface SignablePart {
  thoughtSignature?: string | undefined;
  thought?: boolean | undefined;
  functionCall?: unknown;
  functionResponse?: unknown;
}

/**
 * Puts back a thought signature that the IR carried as an empty reasoning part: onto the part
 * right before it when that is a text or media part without a signature of its own (its
 * original carrier), else as Gemini's own carrier form, an empty text part with the signature.
 */
export function attachGeminiSignature<P extends SignablePart>(
  parts: P[],
  signature: string,
  standalone: (signature: string) => P,
): void {
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
  parts.push(standalone(signature));
}
