import { invalidRequest } from '@interlingua/ir';
import type { GenerationStyle } from '@interlingua/provider-adapters';

const isNonEmptyArray = (value: unknown): boolean => Array.isArray(value) && value.length > 0;

/**
 * The fields each style's API requires, checked before anything is sent upstream, so a body
 * the upstream would refuse gets a 400 naming the field even on the same-style fast path
 * (where the body is otherwise forwarded without decoding). Full validation happens when the
 * body is decoded into the IR.
 */
const REQUIRED: Record<GenerationStyle, Array<[field: string, check: (value: unknown) => boolean, expected: string]>> = {
  'openai-chat': [['messages', isNonEmptyArray, 'a non-empty array of messages']],
  'openai-responses': [['input', (v) => typeof v === 'string' || Array.isArray(v), 'a string or an array of input items']],
  'anthropic-messages': [
    ['messages', Array.isArray, 'an array of messages'],
    ['max_tokens', (v) => typeof v === 'number' && Number.isInteger(v) && v > 0, 'a positive integer'],
  ],
  gemini: [['contents', isNonEmptyArray, 'a non-empty array of contents']],
};

export function checkRequiredFields(wire: GenerationStyle, json: Record<string, unknown>): void {
  for (const [field, check, expected] of REQUIRED[wire]) {
    if (!check(json[field])) throw invalidRequest(`${field}: ${json[field] === undefined ? 'required' : 'invalid'}; expected ${expected}`, field);
  }
}
