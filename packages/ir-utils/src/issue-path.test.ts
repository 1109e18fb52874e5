import { describe, expect, it } from 'vitest';
import { formatIssuePath } from './issue-path.js';

describe('formatIssuePath', () => {
  it('joins keys with dots and writes indexes in brackets', () => {
    expect(formatIssuePath(['messages', 0, 'content', 1, 'id'])).toBe('messages[0].content[1].id');
  });

  it('starts with an index when the path does', () => {
    expect(formatIssuePath([2, 'type'])).toBe('[2].type');
  });

  it('continues a base path', () => {
    expect(formatIssuePath([0, 'text'], 'input')).toBe('input[0].text');
    expect(formatIssuePath(['type'], 'tools[1]')).toBe('tools[1].type');
  });

  it('is empty for the root', () => {
    expect(formatIssuePath([])).toBe('');
  });

  it('writes symbol keys by their description', () => {
    expect(formatIssuePath([Symbol('key')])).toBe('Symbol(key)');
  });
});
