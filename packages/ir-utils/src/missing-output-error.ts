import { IrError, type IrResponse } from '@interlingua/ir';

/**
 * The error for an answer that lacks the output asked for (an image, audio): a 400
 * `content_policy_violation` when the model was stopped by a filter or gave no candidate,
 * otherwise an upstream error. The message carries the finish reason and any text the model said.
 */
export function missingOutputError(response: IrResponse, provider: string, output: string, raw?: unknown): IrError {
  const choice = response.choices[0];
  const said = (choice?.content ?? [])
    .flatMap((part) => (part.type === 'text' || part.type === 'refusal' ? [part.text] : []))
    .join(' ')
    .trim();
  const reason = choice?.finishReason.raw ?? choice?.finishReason.unified ?? 'no candidate';
  const message = `${provider} returned no ${output} (finish reason ${reason})${said ? `: ${said.slice(0, 500)}` : ''}`;
  if (!choice || choice.finishReason.unified === 'content-filter') {
    return new IrError({
      kind: 'invalid-request',
      status: 400,
      code: 'content_policy_violation',
      message,
      source: 'upstream',
      ...(raw !== undefined ? { raw } : {}),
    });
  }
  return new IrError({ kind: 'upstream-error', message, source: 'upstream' });
}
