import type { OpenAiSchemaError } from './openai-openapi-judge.js';

/**
 * Where Interlingua's Responses answers knowingly differ from OpenAI's published OpenAPI description (commit
 * f85dbe2), each because OpenAI's own answers and the `openai` SDK types differ from it the same way. A judge
 * that should pass our answers drops errors matching these, and only these; each names the answer path and
 * the value that the description refuses.
 */
export interface OpenAiDescriptionDisagreement {
  /** The answer path (ajv `instancePath`), anchored; `/response` prefixes are for stream events. */
  path: RegExp;
  /** True for the value we send there. */
  sent: (value: unknown) => boolean;
  why: string;
}

export const OPENAI_DESCRIPTION_DISAGREEMENTS: readonly OpenAiDescriptionDisagreement[] = [
  {
    path: /^(\/response)?\/user$/,
    sent: (value) => value === null,
    why: 'the description types `user` as string; OpenAI answers (and ours) send `user: null` when none was given',
  },
  {
    path: /^\/response\/usage$/,
    sent: (value) => value === null,
    why: 'the description requires a usage object; OpenAI sends `usage: null` in response.created/in_progress',
  },
];

/** The errors no listed disagreement explains (needs the judge's errors, which carry the refused `data`). */
export function withoutKnownOpenAiDisagreements(errors: readonly OpenAiSchemaError[]): OpenAiSchemaError[] {
  return errors.filter(
    (error) =>
      !OPENAI_DESCRIPTION_DISAGREEMENTS.some(
        (disagreement) => disagreement.path.test(error.instancePath) && disagreement.sent(error.data),
      ),
  );
}
