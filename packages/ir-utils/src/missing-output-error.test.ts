import type { IrResponse } from '@interlingua/ir';
import { describe, expect, it } from 'vitest';
import { missingOutputError } from './missing-output-error.js';

const answer = (unified: 'stop' | 'content-filter'): IrResponse => ({
  id: 'r',
  model: 'm',
  created: 0,
  choices: [
    {
      index: 0,
      content: [{ type: 'text', text: 'I cannot draw that.' }],
      finishReason: { unified, raw: unified === 'stop' ? 'STOP' : 'SAFETY' },
    },
  ],
});

describe('missingOutputError', () => {
  it('is a content-policy 400 when a filter stopped the model', () => {
    expect(missingOutputError(answer('content-filter'), 'gemini', 'image', { x: 1 }).data).toEqual({
      kind: 'invalid-request',
      status: 400,
      code: 'content_policy_violation',
      message: 'gemini returned no image (finish reason SAFETY): I cannot draw that.',
      source: 'upstream',
      raw: { x: 1 },
    });
  });

  it('is an upstream error otherwise', () => {
    expect(missingOutputError(answer('stop'), 'gemini', 'audio').data).toEqual({
      kind: 'upstream-error',
      message: 'gemini returned no audio (finish reason STOP): I cannot draw that.',
      source: 'upstream',
    });
  });
});
