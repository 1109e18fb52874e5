import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { claimsOfInitialize, issueSessionId, openSessionId, sessionStoreKey } from './mcp-session-id.js';

const SEALING = { secret: 'mcp-session-secret-0001', previousSecrets: [], ttlMs: 60_000 };
const NOW = 1_800_000_000_000;
const CLAIMS = { protocolVersion: '2025-06-18', clientCapabilities: ['elicitation', 'sampling'], issuedAt: NOW };

describe('sealed MCP session ids', () => {
  it('opens an id it issued, for the same key, with its claims', () => {
    const id = issueSessionId(CLAIMS, SEALING, 'key-a');
    expect(id).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(openSessionId(id, SEALING, 'key-a', NOW + 1_000)).toEqual(CLAIMS);
  });

  it('refuses an id issued to another key, altered, foreign, expired or not base64url', () => {
    const id = issueSessionId(CLAIMS, SEALING, 'key-a');
    expect(openSessionId(id, SEALING, 'key-b', NOW)).toBeUndefined();
    const bytes = Buffer.from(id, 'base64url');
    bytes[bytes.length - 20] = (bytes[bytes.length - 20] ?? 0) ^ 1;
    expect(openSessionId(bytes.toString('base64url'), SEALING, 'key-a', NOW)).toBeUndefined();
    const foreign = issueSessionId(CLAIMS, { ...SEALING, secret: 'another-secret-000001' }, 'key-a');
    expect(openSessionId(foreign, SEALING, 'key-a', NOW)).toBeUndefined();
    expect(openSessionId(id, SEALING, 'key-a', NOW + SEALING.ttlMs + 1)).toBeUndefined();
    expect(openSessionId(`${id}=`, SEALING, 'key-a', NOW)).toBeUndefined();
    expect(openSessionId('a'.repeat(5_000), SEALING, 'key-a', NOW)).toBeUndefined();
  });

  it('opens an id sealed with a previous secret of the keyring after a rotation', () => {
    const id = issueSessionId(CLAIMS, SEALING, 'key-a');
    const rotated = { ...SEALING, secret: 'mcp-session-secret-0002', previousSecrets: [SEALING.secret] };
    expect(openSessionId(id, rotated, 'key-a', NOW)?.protocolVersion).toBe('2025-06-18');
  });

  it("takes an initialize's version when supported (else the latest) and its capabilities by name", () => {
    const params = { protocolVersion: '2025-06-18', capabilities: { sampling: {}, roots: { listChanged: true } } };
    expect(claimsOfInitialize(params, NOW)).toEqual({
      protocolVersion: '2025-06-18',
      clientCapabilities: ['roots', 'sampling'],
      issuedAt: NOW,
    });
    expect(claimsOfInitialize({ protocolVersion: '1999-01-01' }, NOW).protocolVersion).toBe(LATEST_PROTOCOL_VERSION);
  });

  it('keys what the store keeps of a session by a digest, never by the id itself', () => {
    const id = issueSessionId(CLAIMS, SEALING, 'key-a');
    expect(sessionStoreKey('ended', id)).not.toContain(id);
    expect(sessionStoreKey('ended', id)).not.toBe(sessionStoreKey('subscriptions', id));
  });
});
