import { describe, expect, it } from 'vitest';
import { levelAllows } from './mcp-log-levels.js';

describe('levelAllows', () => {
  it('lets every message through while the session chose no level', () => {
    expect(levelAllows(undefined, 'debug')).toBe(true);
  });

  it('lets through the chosen level and those above it, never those below', () => {
    expect(levelAllows('warning', 'info')).toBe(false);
    expect(levelAllows('warning', 'notice')).toBe(false);
    expect(levelAllows('warning', 'warning')).toBe(true);
    expect(levelAllows('warning', 'emergency')).toBe(true);
    expect(levelAllows('emergency', 'alert')).toBe(false);
  });
});
