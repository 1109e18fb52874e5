import { describe, expect, it } from 'vitest';
import { forwardedUrlProblem } from './media-url-policy.js';

const problem = (url: string, policy = {}, other?: ReadonlySet<string>) =>
  forwardedUrlProblem(new URL(url), policy, other);

describe('forwardedUrlProblem', () => {
  it('passes public http(s) URLs and refuses other schemes unless named', () => {
    expect(problem('https://cdn.example.com/a.png')).toBeUndefined();
    expect(problem('http://203.0.114.9/a.png')).toBeUndefined();
    expect(problem('gs://bucket/a.pdf')).toMatch(/scheme "gs:"/);
    expect(problem('gs://bucket/a.pdf', {}, new Set(['gs:']))).toBeUndefined();
    expect(problem('javascript:alert(1)')).toMatch(/scheme "javascript:"/);
  });

  it('applies media.allowHosts to forwarded URLs as to downloads', () => {
    const policy = { allowHosts: ['*.example.com'] };
    expect(problem('https://cdn.example.com/a.png', policy)).toBeUndefined();
    expect(problem('https://example.org/a.png', policy)).toMatch(/not in media.allowHosts/);
  });

  it('refuses private, loopback and metadata literals; allowPrivate opens all but metadata', () => {
    expect(problem('http://192.168.1.2/a.png')).toMatch(/private address/);
    expect(problem('http://[::ffff:127.0.0.1]/a.png')).toMatch(/loopback address/);
    expect(problem('http://app.localhost/a.png')).toMatch(/loopback address/);
    expect(problem('http://192.168.1.2/a.png', { allowPrivate: true })).toBeUndefined();
    expect(problem('http://169.254.169.254/', { allowPrivate: true })).toMatch(/metadata address/);
  });
});
