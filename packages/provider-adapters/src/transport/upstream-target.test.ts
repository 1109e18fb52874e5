import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { plainUpstreamTarget, upstreamTarget } from './upstream-target.js';

const parsedTarget = (url: string) => {
  const parsed = new URL(url);
  return { origin: parsed.origin, path: parsed.pathname + parsed.search };
};

describe('the origin and path of an upstream URL', () => {
  it.each([
    'http://127.0.0.1:8080/v1/chat/completions',
    'https://api.example.com/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse',
    'HTTPS://API.Example.COM:443/v1/messages',
    'http://[::1]:3000/openai/deployments/gpt-4o/chat/completions?api-version=2024-10-21',
    'https://bedrock-runtime.us-east-1.amazonaws.com/model/anthropic.claude-3%3A0/converse-stream',
    'https://user:secret@proxy.example.com/v1/x?a=1&b=2',
  ])('splits the plain URL %s as URL parsing does, without parsing it', (url) => {
    expect(plainUpstreamTarget(url)).toEqual(parsedTarget(url));
    expect(upstreamTarget(url)).toEqual(parsedTarget(url));
  });

  it.each([
    ['a dot segment', 'http://h.example/v1/../v2/x'],
    ['an encoded dot segment', 'http://h.example/v1/%2E%2e/x'],
    ['a fragment', 'http://h.example/v1/x#part'],
    ['an empty query', 'http://h.example/v1/x?'],
    ['a space', 'http://h.example/v1/a b'],
    ['a backslash', 'http://h.example\\v1/x'],
    ['a query before the path', 'http://h.example?q=/v1/x'],
    ['a tab in the authority', 'http://h.exa\tmple/v1/x'],
    ['another scheme', 'ftp://h.example/v1/x'],
    ['no path', 'http://h.example'],
    ['a quote in the query', "http://h.example/v1/x?name='a'"],
  ])('leaves a URL with %s to URL parsing, which gives the same answer', (_what, url) => {
    expect(plainUpstreamTarget(url)).toBeUndefined();
    expect(upstreamTarget(url)).toEqual(parsedTarget(url));
  });

  it('never splits a URL differently from URL parsing', () => {
    const piece = fc.stringMatching(/^[\w\-.~!$&'()*+,;=:@%/?#\\ |^`{}[\]"<>\t]{0,12}$/);
    const url = fc.oneof(
      fc.webUrl({ withQueryParameters: true, withFragments: true }),
      fc
        .tuple(
          fc.constantFrom('http', 'https', 'HTTP', 'ws'),
          fc.domain(),
          fc.option(fc.integer({ min: 1, max: 65_535 })),
          piece,
        )
        .map(([scheme, host, port, rest]) => `${scheme}://${host}${port === null ? '' : `:${port}`}/${rest}`),
    );
    fc.assert(
      fc.property(url, (candidate) => {
        if (!URL.canParse(candidate)) return;
        const plain = plainUpstreamTarget(candidate);
        if (plain) expect(plain).toEqual(parsedTarget(candidate));
        expect(upstreamTarget(candidate)).toEqual(parsedTarget(candidate));
      }),
      { numRuns: 200 },
    );
  });
});
