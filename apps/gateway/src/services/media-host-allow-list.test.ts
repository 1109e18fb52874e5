import { IrError } from '@interlingua/ir';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaSchema } from '../config/config-schema.js';
import { createMediaFetcher } from './media-fetcher.js';
import {
  fakeLookup,
  startImageServer,
  testMediaOptions,
  TINY_PNG,
  type ImageServer,
} from './media-fetcher.test-support.js';
import { hostMatchesAllowList } from '../config/media-host-allow-list.js';

describe('hostMatchesAllowList', () => {
  it.each([
    ['cdn.example.com', ['cdn.example.com'], true],
    ['CDN.Example.com.', ['cdn.example.com'], true],
    ['other.example.com', ['cdn.example.com'], false],
    ['a.example.com', ['*.example.com'], true],
    ['a.b.example.com', ['*.example.com'], true],
    ['example.com', ['*.example.com'], false],
    ['badexample.com', ['*.example.com'], false],
    ['example.com.evil.net', ['*.example.com', 'example.com'], false],
    ['192.0.2.7', ['192.0.2.7'], true],
    ['[2001:db8::7]', ['[2001:db8::7]'], true],
    ['2001:db8::7', ['[2001:DB8::7]'], true],
    ['xn--bcher-kva.example', ['bücher.example'], true],
    ['a.xn--bcher-kva.example', ['*.bücher.example'], true],
    ['anything.example', [], false],
  ] as const)('%s against %j: %s', (host, patterns, expected) => {
    expect(hostMatchesAllowList(host, patterns)).toBe(expected);
  });
});

describe('media.allowHosts in the config', () => {
  it('takes host names, *.domains and IP literals, and defaults to no list', () => {
    expect(mediaSchema.parse({}).allowHosts).toEqual([]);
    expect(
      mediaSchema.parse({ allowHosts: ['cdn.example.com', '*.example.org', '192.0.2.7', '[2001:db8::1]'] }).allowHosts,
    ).toHaveLength(4);
  });

  it.each(['https://cdn.example.com', 'cdn.example.com:8080', '*', 'a.*.example.com', 'cdn.example.com/images', ''])(
    'refuses %j',
    (pattern) => {
      const parsed = mediaSchema.safeParse({ allowHosts: [pattern] });
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.path).toEqual(['allowHosts', 0]);
    },
  );
});

describe('a media fetcher with an allow-list', () => {
  let server: ImageServer;
  // `*.images.example` names resolve to the loopback test server too; the rest as the shared fake DNS.
  const lookup = async (host: string) =>
    host.endsWith('.images.example') ? [{ address: '127.0.0.1', family: 4 as const }] : fakeLookup(host);

  beforeAll(async () => {
    server = await startImageServer();
  });
  afterAll(async () => server.close());

  async function failure(promise: Promise<unknown>): Promise<IrError> {
    const error = await promise.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(IrError);
    return error as IrError;
  }

  it('fetches from a listed host, exact or by wildcard', async () => {
    const options = testMediaOptions({ lookup, allowHosts: ['images.example', '*.images.example'] });
    const fetcher = createMediaFetcher(options);
    expect((await fetcher(`${server.base}/cat.png`)).data.equals(TINY_PNG)).toBe(true);
    expect((await fetcher(`http://cdn.images.example:${server.port}/cat.png`)).data.equals(TINY_PNG)).toBe(true);
    expect(options.connects).toHaveLength(2);
  });

  it('refuses a host not on the list before resolving or connecting to it', async () => {
    const options = testMediaOptions({ lookup, allowHosts: ['*.images.example'] });
    const error = await failure(createMediaFetcher(options)(`${server.base}/cat.png`));
    expect(error.data).toMatchObject({ kind: 'invalid-request', code: 'media_fetch_failed' });
    expect(error.message).toContain('"images.example" is not in media.allowHosts');
    expect(options.connects).toEqual([]);
  });

  it('checks every redirect against the list', async () => {
    const options = testMediaOptions({ lookup, allowHosts: ['images.example'] });
    const error = await failure(createMediaFetcher(options)(`${server.base}/to-meta`));
    expect(error.message).toContain('"meta.example" is not in media.allowHosts');
    expect(options.connects).toEqual([`127.0.0.1:${server.port}`]);
    const relative = await createMediaFetcher(testMediaOptions({ lookup, allowHosts: ['images.example'] }))(
      `${server.base}/to-relative`,
    );
    expect(relative.data.equals(TINY_PNG)).toBe(true);
  });

  it('still refuses a listed host that resolves to a refused address', async () => {
    const options = testMediaOptions({ lookup, allowHosts: ['meta.example', 'private.example'], allowAddresses: [] });
    expect((await failure(createMediaFetcher(options)('http://meta.example/latest/meta-data/'))).message).toContain(
      'metadata address',
    );
    expect((await failure(createMediaFetcher(options)('http://private.example/a.png'))).message).toContain(
      'private address',
    );
    expect(options.connects).toEqual([]);
  });
});
