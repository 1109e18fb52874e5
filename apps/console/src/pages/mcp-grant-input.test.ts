import { describe, expect, it } from 'vitest';
import { mcpGrant, mcpGrantText } from './mcp-grant-input.js';

describe('mcpGrant', () => {
  it('is none without servers, whatever globs are typed', () => {
    expect(mcpGrant({ servers: ' , ', tools: 'echo', prompts: 'a*', resources: 'demo://*' })).toBeUndefined();
  });

  it('takes each kind of glob typed, and every name of a kind left empty', () => {
    expect(
      mcpGrant({ servers: 'everything, calc', tools: '', prompts: 'simple-*, greet', resources: ' demo://a/* ' }),
    ).toEqual({
      servers: ['everything', 'calc'],
      tools: ['*'],
      prompts: ['simple-*', 'greet'],
      resources: ['demo://a/*'],
    });
  });
});

describe('mcpGrantText', () => {
  it('shows the servers and only the kinds narrowed', () => {
    expect(mcpGrantText(undefined)).toBe('—');
    expect(mcpGrantText({ servers: ['*'], tools: ['*'] })).toBe('*');
    expect(mcpGrantText({ servers: ['calc'], tools: ['add'], prompts: ['*'], resources: ['calc://*'] })).toBe(
      'calc; tools add; resources calc://*',
    );
  });
});
