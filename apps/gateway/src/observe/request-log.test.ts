import { describe, expect, it } from 'vitest';
import { bodyForLog, redactUrl } from './request-log.js';

describe('request log helpers', () => {
  it('redacts ?key= and &key= values, whatever their case, and nothing else', () => {
    expect(redactUrl('/v1beta/models/m:generateContent?key=secret-1&alt=sse')).toBe('/v1beta/models/m:generateContent?key=[redacted]&alt=sse');
    expect(redactUrl('/v1beta/models?alt=json&KEY=secret-2')).toBe('/v1beta/models?alt=json&KEY=[redacted]');
    expect(redactUrl('/v1/models?monkey=1')).toBe('/v1/models?monkey=1');
  });

  it('cuts long bodies', () => {
    expect(bodyForLog('abcdef', 4)).toBe('abcd…[2 more characters]');
    expect(bodyForLog(Buffer.from('ab'), 4)).toBe('ab');
    expect(bodyForLog(undefined, 4)).toBeUndefined();
  });
});
