import type { IrWarning } from '@interlingua/ir';
import { asRecord } from '@interlingua/ir-utils';

/**
 * Groq answers 400 to `logit_bias` and to `messages[].name`, which agent frameworks often send.
 * Both are dropped, each with a warning for the caller. (`logprobs`, `top_logprobs` and `n` > 1
 * are left for Groq to refuse: they ask for output Groq cannot give.)
 * @see https://console.groq.com/docs/openai
 */
export function patchGroqRequest(body: Record<string, unknown>): IrWarning[] {
  const warnings: IrWarning[] = [];
  if ('logit_bias' in body) {
    delete body['logit_bias'];
    warnings.push({ kind: 'dropped', field: 'logit_bias', message: 'Groq does not accept logit_bias.' });
  }
  if (!Array.isArray(body['messages'])) return warnings;
  // new message objects: the body may share them with the caller's request and other targets
  body['messages'] = body['messages'].map((entry: unknown, index) => {
    const message = asRecord(entry);
    if (!message || !('name' in message)) return entry;
    const { name: _name, ...rest } = message;
    warnings.push({
      kind: 'dropped',
      field: `messages[${index}].name`,
      message: 'Groq does not accept message names.',
    });
    return rest;
  });
  return warnings;
}
