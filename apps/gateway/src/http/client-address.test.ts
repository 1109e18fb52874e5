import { describe, expect, it } from 'vitest';
import { clientAddress } from './client-address.js';

function request(peer: string | undefined, forwarded?: string | string[]) {
  return { headers: forwarded === undefined ? {} : { 'x-forwarded-for': forwarded }, socket: { remoteAddress: peer } };
}

describe('clientAddress', () => {
  it('is the socket address without trusted proxies, whatever X-Forwarded-For says', () => {
    expect(clientAddress(request('10.0.0.5', '203.0.113.9'), false)).toBe('10.0.0.5');
    expect(clientAddress(request('::ffff:127.0.0.1'), false)).toBe('127.0.0.1');
    expect(clientAddress(request(undefined), false)).toBe('unknown');
  });

  it('with true, takes the address the connecting proxy appended (the last), never one the client wrote', () => {
    expect(clientAddress(request('10.0.0.5', 'spoofed-by-client, 198.51.100.7, 203.0.113.9'), true)).toBe(
      '203.0.113.9',
    );
    expect(clientAddress(request('10.0.0.5', ['198.51.100.7', '203.0.113.9']), true)).toBe('203.0.113.9');
    expect(clientAddress(request('10.0.0.5'), true)).toBe('10.0.0.5');
    expect(clientAddress(request('10.0.0.5', '203.0.113.9, not-an-address'), true)).toBe('10.0.0.5');
  });

  it('with a list, trusts only peers in it and skips its proxies from the right', () => {
    const proxies = ['10.0.0.0/8', '::1'];
    expect(clientAddress(request('10.1.2.3', '198.51.100.7, 203.0.113.9, 10.9.9.9'), proxies)).toBe('203.0.113.9');
    expect(clientAddress(request('::1', '2001:db8::7'), proxies)).toBe('2001:db8::7');
    expect(clientAddress(request('::ffff:10.1.2.3', '::ffff:203.0.113.9'), proxies)).toBe('203.0.113.9');
    // A peer outside the list is the client itself, whatever it forwards.
    expect(clientAddress(request('192.0.2.1', '203.0.113.9'), proxies)).toBe('192.0.2.1');
    // Every hop a proxy: the farthest one named.
    expect(clientAddress(request('10.1.2.3', '10.5.5.5'), proxies)).toBe('10.5.5.5');
  });
});
