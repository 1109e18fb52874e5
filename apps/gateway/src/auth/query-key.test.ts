import { describe, expect, it } from 'vitest';
import { queryKey, redactQueryKey } from './query-key.js';

/** Names the parse accepts as `key`, percent-encoded or not. */
const ACCEPTED = ['key', '%6bey', '%6Bey', 'k%65y', '%6B%65%79'];

describe('the ?key= query parameter', () => {
  it.each(ACCEPTED)('%s= is accepted as the key and redacted from a logged URL', (name) => {
    const url = `/v1beta/models/m:generateContent?alt=sse&${name}=secret-value-1#frag`;
    expect(queryKey(new URL(url, 'http://gateway').searchParams)).toBe('secret-value-1');
    expect(redactQueryKey(url)).toBe(`/v1beta/models/m:generateContent?alt=sse&${name}=[redacted]#frag`);
  });

  it.each(['KEY', 'Key', '%4bEY'])('%s= (not accepted) is redacted all the same', (name) => {
    expect(redactQueryKey(`/v1beta/models?${name}=secret-value-2`)).toBe(`/v1beta/models?${name}=[redacted]`);
  });

  it('redacts every occurrence and keeps other parameters as sent', () => {
    expect(redactQueryKey('/v1beta/models?key=a&%6bey=b&monkey=1&alt=json')).toBe(
      '/v1beta/models?key=[redacted]&%6bey=[redacted]&monkey=1&alt=json',
    );
    expect(redactQueryKey('/v1/models?monkey=1&keys=2')).toBe('/v1/models?monkey=1&keys=2');
    expect(redactQueryKey('/v1/models')).toBe('/v1/models');
    expect(redactQueryKey('/v1/models?key')).toBe('/v1/models?key=[redacted]');
  });
});
