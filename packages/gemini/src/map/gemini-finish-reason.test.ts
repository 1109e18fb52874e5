import { describe, expect, it } from 'vitest';
import {
  GEMINI_FINISH_REASON_TO_IR,
  GEMINI_FINISH_REASONS,
  geminiFinishReasonToIr,
  irFinishReasonToGemini,
  isGeminiFinishReason,
} from './gemini-finish-reason.js';

/** Names every object inherits: never a Gemini value, whatever the table lookups do. */
const INHERITED_NAMES = ['toString', 'constructor', '__proto__', 'hasOwnProperty', 'valueOf'];

describe('gemini finish reasons', () => {
  it('knows every documented reason and maps it through the table', () => {
    for (const reason of GEMINI_FINISH_REASONS) {
      expect(isGeminiFinishReason(reason)).toBe(true);
      expect(geminiFinishReasonToIr(reason, false)).toEqual({
        unified: GEMINI_FINISH_REASON_TO_IR[reason],
        raw: reason,
      });
    }
    expect(Object.keys(GEMINI_FINISH_REASON_TO_IR)).toEqual([...GEMINI_FINISH_REASONS]);
  });

  it('reads an inherited object name or an unknown value as other, and never answers with it', () => {
    for (const raw of [...INHERITED_NAMES, 'stop', 'NEW_REASON']) {
      expect(isGeminiFinishReason(raw)).toBe(false);
      expect(geminiFinishReasonToIr(raw, true)).toEqual({ unified: 'other', raw });
      expect(irFinishReasonToGemini({ unified: 'other', raw })).toBe('OTHER');
    }
    expect(isGeminiFinishReason(undefined)).toBe(false);
  });
});
