import { describe, expect, it } from 'vitest';
import { geminiResponseToIr } from '../gemini-response-to-ir.js';
import { GEMINI_BLOCK_REASON_TO_IR, GEMINI_BLOCK_REASONS } from './gemini-block-reason.js';

function blockedFinish(blockReason: string) {
  return geminiResponseToIr({ promptFeedback: { blockReason } }).value.choices[0]?.finishReason;
}

describe('gemini block reasons', () => {
  it('end a prompt blocked before generation as the table says', () => {
    for (const reason of GEMINI_BLOCK_REASONS)
      expect(blockedFinish(reason)).toEqual({ unified: GEMINI_BLOCK_REASON_TO_IR[reason], raw: reason });
  });

  it('end it as filtered content for a reason not documented yet', () => {
    for (const reason of ['NEW_REASON', 'toString', 'constructor'])
      expect(blockedFinish(reason)).toEqual({ unified: 'content-filter', raw: reason });
  });
});
