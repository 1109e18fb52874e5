import { MCP_NAME_SEPARATOR } from '../config/mcp-schema.js';

/** `server__name`: how a server's tool, prompt, resource name or URI is named on the aggregated endpoint. */
export function joinName(server: string, name: string): string {
  return `${server}${MCP_NAME_SEPARATOR}${name}`;
}

/**
 * The server and its own name of a joined name; undefined when the name has no separator. Server
 * names hold no `_`, so the first `__` is the separator.
 */
export function splitName(joined: string): { server: string; name: string } | undefined {
  const at = joined.indexOf(MCP_NAME_SEPARATOR);
  if (at <= 0) return undefined;
  return { server: joined.slice(0, at), name: joined.slice(at + MCP_NAME_SEPARATOR.length) };
}

/** Where an aggregated list goes on: the index of the server in the key's list and that server's own cursor. */
export interface AggregateCursor {
  server: number;
  cursor?: string;
}

export function encodeCursor(position: AggregateCursor): string {
  return Buffer.from(JSON.stringify(position)).toString('base64url');
}

/** The position a cursor names; undefined when it is not one this gateway gave. */
export function decodeCursor(cursor: string): AggregateCursor | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (typeof value !== 'object' || value === null) return undefined;
    const { server, cursor: inner } = value as Record<string, unknown>;
    if (typeof server !== 'number' || !Number.isInteger(server) || server < 0) return undefined;
    if (inner !== undefined && typeof inner !== 'string') return undefined;
    return inner === undefined ? { server } : { server, cursor: inner };
  } catch {
    return undefined;
  }
}
