import { describe, expect, it } from 'vitest';
import { compileMcpGrant } from '../auth/mcp-grant.js';
import { mcpSchema } from '../config/mcp-schema.js';
import { McpUpstreams } from '../mcp/mcp-upstreams.js';
import { requestOffers, splitServers } from './loop-servers.js';

const mcp = new McpUpstreams(
  mcpSchema.parse({
    servers: [
      { name: 'calc', url: 'http://calc.internal/mcp' },
      { name: 'docs', url: 'http://docs.internal/mcp' },
    ],
  }),
);
const key = { mcp: compileMcpGrant({ servers: ['calc'] }) };
const HOST = 'gateway.example:8080';

describe('splitServers', () => {
  it("runs a server named by label, or by the gateway's own /mcp/{server} URL on the request's host", () => {
    const split = splitServers(
      [{ label: 'calc' }, { label: 'mine', url: 'https://gateway.example:8080/mcp/calc' }],
      mcp,
      key,
      HOST,
    );
    expect(
      split.served.map((served) => [
        served.entry.label,
        served.servers.map((server) => server.config.name),
        served.aggregate,
      ]),
    ).toEqual([
      ['calc', ['calc'], false],
      ['mine', ['calc'], false],
    ]);
    expect(split.others).toEqual([]);
  });

  it('runs /mcp over every server the key may use, and leaves other hosts and paths to the upstream', () => {
    const split = splitServers(
      [
        { label: 'all', url: 'http://GATEWAY.example:8080/mcp' },
        { label: 'elsewhere', url: 'https://other.example/mcp/calc' },
        { label: 'path', url: 'https://gateway.example:8080/v1/mcp' },
      ],
      mcp,
      key,
      HOST,
    );
    expect(split.served).toHaveLength(1);
    expect(split.served[0]?.aggregate).toBe(true);
    expect(split.served[0]?.servers.map((server) => server.config.name)).toEqual(['calc']);
    expect(split.others.map((server) => server.label)).toEqual(['elsewhere', 'path']);
  });

  it('refuses a gateway server the key may not use like one that does not exist (404, naming it)', () => {
    for (const entry of [{ label: 'docs' }, { label: 'x', url: 'http://gateway.example:8080/mcp/nope' }]) {
      expect(() => splitServers([entry], mcp, key, HOST)).toThrow(
        expect.objectContaining({ status: 404, message: expect.stringContaining(`MCP server "${entry.label}"`) }),
      );
    }
  });
});

describe('requestOffers', () => {
  it('offers the allowed tools (every tool without a list) except the blocked ones', () => {
    expect(['read', 'rm'].filter((tool) => requestOffers({}, tool))).toEqual(['read', 'rm']);
    expect(['read', 'rm'].filter((tool) => requestOffers({ blockedTools: ['rm'] }, tool))).toEqual(['read']);
    const both = { allowedTools: ['read', 'rm'], blockedTools: ['rm'] };
    expect(['read', 'rm', 'ls'].filter((tool) => requestOffers(both, tool))).toEqual(['read']);
  });
});
