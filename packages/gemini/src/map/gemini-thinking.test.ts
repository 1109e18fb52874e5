import { describe, expect, it } from 'vitest';
import {
  GEMINI_THINKING_LEVEL_TO_IR_EFFORT,
  GEMINI_THINKING_LEVELS,
  toGeminiThinkingLevel,
} from './gemini-thinking.js';

describe('gemini thinking levels', () => {
  it('reads every level in any case', () => {
    for (const level of GEMINI_THINKING_LEVELS) {
      expect(toGeminiThinkingLevel(level)).toBe(level);
      expect(toGeminiThinkingLevel(level.toLowerCase())).toBe(level);
    }
    expect(Object.keys(GEMINI_THINKING_LEVEL_TO_IR_EFFORT)).toEqual([...GEMINI_THINKING_LEVELS]);
  });

  it('has no level for other words', () => {
    for (const value of ['', 'ULTRA', 'none', 'constructor', '__proto__'])
      expect(toGeminiThinkingLevel(value)).toBeUndefined();
  });
});
