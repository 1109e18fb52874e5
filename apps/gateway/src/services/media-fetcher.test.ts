import { IrError } from '@interlingua/ir';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockedAddressReason } from './media-address-policy.js';
import { createMediaFetcher } from './media-fetcher.js';
import { TINY_PNG, startImageServer, testMediaOptions, type ImageServer } from './media-fetcher.test-support.js';

let server: ImageServer;

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

describe('blockedAddressReason', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['::1', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.5.4', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.0.1', 'private'],
    ['100.64.0.1', 'private'],
    ['fd12:3456::1', 'private'],
    ['169.254.1.1', 'link-local'],
    ['fe80::1', 'link-local'],
    ['169.254.169.254', 'metadata'],
    ['::ffff:169.254.169.254', 'metadata'],
    ['::ffff:a9fe:a9fe', 'metadata'],
    ['fd00:ec2::254', 'metadata'],
    ['100.100.100.200', 'metadata'],
    ['0.0.0.0', 'reserved'],
    ['::', 'reserved'],
    ['224.0.0.1', 'reserved'],
    ['64:ff9b::a00:1', 'reserved'],
    ['2002:a00:1::', 'reserved'],
    ['not-an-ip', 'reserved'],
  ])('%s is %s', (address, reason) => {
    expect(blockedAddressReason(address)).toBe(reason);
  });

  it.each(['8.8.8.8', '172.32.0.1', '1.1.1.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])('%s is public', (address) => {
    expect(blockedAddressReason(address)).toBeUndefined();
  });
});

describe('createMediaFetcher', () => {
  it('downloads through the injected DNS to the checked address only', async () => {
    const options = testMediaOptions();
    const media = await createMediaFetcher(options)(`${server.base}/cat.png`);
    expect(media.data.equals(TINY_PNG)).toBe(true);
    expect(media.mediaType).toBe('image/png');
    expect(options.connects).toEqual([`127.0.0.1:${server.port}`]);
  });

  it('keeps only the media type of a content-type with parameters', async () => {
    const media = await createMediaFetcher(testMediaOptions())(`${server.base}/cat.gif`);
    expect(media.mediaType).toBe('image/gif');
  });

  it('refuses loopback without the test allow-list, before any connection', async () => {
    const options = testMediaOptions({ allowAddresses: [] });
    const error = await failure(createMediaFetcher(options)(`${server.base}/cat.png`));
    expect(error.data).toMatchObject({ kind: 'invalid-request', code: 'media_fetch_failed' });
    expect(error.message).toContain('loopback');
    expect(options.connects).toEqual([]);
  });

  it.each([
    ['http://meta.example/latest/meta-data/', 'metadata'],
    ['http://meta6.example/', 'metadata'],
    ['http://mapped.example/', 'metadata'],
    ['http://169.254.169.254/computeMetadata/v1/', 'metadata'],
    ['http://[fd00:ec2::254]/', 'metadata'],
    ['http://private.example/a.png', 'private'],
    ['http://10.0.0.8/a.png', 'private'],
    ['http://linklocal.example/a.png', 'link-local'],
    ['http://[::1]:1/a.png', 'loopback'],
    ['http://0.0.0.0:1/a.png', 'reserved'],
    ['http://mixed.example/a.png', 'private'],
  ])('refuses %s (%s) after resolution, never connecting', async (url, reason) => {
    const options = testMediaOptions();
    const error = await failure(createMediaFetcher(options)(url));
    expect(error.message).toContain(`${reason} address`);
    expect(options.connects).toEqual([]);
  });

  it('re-checks every redirect hop: a redirect to the metadata host is refused', async () => {
    const options = testMediaOptions();
    const error = await failure(createMediaFetcher(options)(`${server.base}/to-meta`));
    expect(error.message).toContain('metadata address');
    expect(options.connects).toEqual([`127.0.0.1:${server.port}`]);
  });

  it.each(['/to-literal-meta', '/to-private'])('refuses the redirect %s', async (path) => {
    const options = testMediaOptions();
    const error = await failure(createMediaFetcher(options)(`${server.base}${path}`));
    expect(error.message).toMatch(/(metadata|private) address/);
    expect(options.connects).toHaveLength(1);
  });

  it('follows allowed redirects, absolute and relative', async () => {
    const options = testMediaOptions();
    const fetcher = createMediaFetcher(options);
    expect((await fetcher(`${server.base}/to-cat`)).data.equals(TINY_PNG)).toBe(true);
    const relative = await fetcher(`${server.base}/to-relative`);
    expect(relative.url).toBe(`${server.base}/cat.png`);
    expect(options.connects).toHaveLength(4);
  });

  it('stops after maxRedirects', async () => {
    const error = await failure(createMediaFetcher(testMediaOptions({ maxRedirects: 3 }))(`${server.base}/loop`));
    expect(error.message).toContain('more than 3 redirects');
  });

  it.each(['/big-declared.png', '/big-chunked.png'])('refuses %s above maxBytes', async (path) => {
    const error = await failure(createMediaFetcher(testMediaOptions({ maxBytes: 2048 }))(`${server.base}${path}`));
    expect(error.message).toContain('larger than the gateway');
  });

  it.each([
    ['/big-declared.png', 5000],
    ['/big-chunked.png', 10_000],
  ])('stops %s when the request budget (%i) runs out, counting what earlier downloads took', async (path, limit) => {
    const fetcher = createMediaFetcher(testMediaOptions());
    const budget = { limit, remaining: limit };
    await fetcher(`${server.base}/cat.png`, undefined, budget);
    expect(budget.remaining).toBe(limit - TINY_PNG.length);
    await fetcher(`${server.base}${path}`, undefined, budget);
    const error = await failure(fetcher(`${server.base}${path}`, undefined, budget));
    expect(error.data.code).toBe('media_limit_exceeded');
    expect(error.message).toContain(`limit of ${limit} bytes per request (media.maxTotalBytes)`);
  });

  it('reports a non-200 answer', async () => {
    const error = await failure(createMediaFetcher(testMediaOptions())(`${server.base}/missing.png`));
    expect(error.message).toContain('HTTP 404');
  });

  it('gives up after timeoutMs', async () => {
    const error = await failure(createMediaFetcher(testMediaOptions({ timeoutMs: 300 }))(`${server.base}/hang.png`));
    expect(error.message).toContain('no complete answer within 300 ms');
  });

  it.each([
    ['file:///etc/passwd', 'scheme'],
    ['ftp://images.example/a.png', 'scheme'],
    ['http://user:secret@images.example/a.png', 'credentials'],
    ['not a url', 'not a valid URL'],
    ['http://unknown.example/a.png', 'could not be resolved'],
  ])('refuses %s', async (url, message) => {
    const options = testMediaOptions();
    const error = await failure(createMediaFetcher(options)(url));
    expect(error.message).toContain(message);
    expect(error.message).not.toContain('secret');
    expect(options.connects).toEqual([]);
  });

  it('leaves the query out of error messages', async () => {
    const error = await failure(createMediaFetcher(testMediaOptions())(`${server.base}/missing.png?sig=token123`));
    expect(error.message).not.toContain('token123');
  });

  it('allowPrivate lets loopback through but never metadata addresses', async () => {
    const options = testMediaOptions({ allowAddresses: [], allowPrivate: true });
    const fetcher = createMediaFetcher(options);
    expect((await fetcher(`${server.base}/cat.png`)).data.equals(TINY_PNG)).toBe(true);
    expect((await failure(fetcher('http://meta.example/'))).message).toContain('metadata address');
    expect(options.connects).toHaveLength(1);
  });
});
