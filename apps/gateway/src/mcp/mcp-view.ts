import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { RequestOptions } from '@modelcontextprotocol/sdk/shared/protocol.js';
import { grantAllows, type McpGrant, type McpGrantKind } from '../auth/mcp-grant.js';
import type { McpLimits } from '../config/mcp-schema.js';
import type { StateStore } from '../store/state-store.js';
import { splitName } from './mcp-names.js';
import type { McpSessionHub } from './mcp-session-hub.js';
import type { UpstreamLease, UpstreamServer } from './upstream-server.js';

/** One tool call as the gateway accounts it. */
export interface ToolCallRecord {
  server: string;
  tool: string;
  durationMs: number;
  /** Set when the call failed: `tool-error` (the tool's `isError`), or the JSON-RPC error's kind. */
  error?: string;
  requestBytes: number;
  resultBytes: number;
}

/** What one MCP request sees: the servers its key may use (one on `/mcp/{server}`), its grant and bounds. */
export interface McpView {
  grant: McpGrant | undefined;
  servers: readonly UpstreamServer[];
  /** `/mcp`: names carry their server's prefix. */
  aggregate: boolean;
  /** The caller's `Authorization` header, passed only to servers with `passCallerToken`. */
  callerAuthorization: string | undefined;
  limits: McpLimits;
  record(call: ToolCallRecord): void;
  /** The caller's session, when it sent a valid `Mcp-Session-Id` (none on the stateless path). */
  session?: ViewSession | undefined;
}

/**
 * A session as a request sees it: its id, when the id expires, what this instance holds of
 * sessions and the store that lists its subscriptions.
 */
export interface ViewSession {
  id: string;
  expiresAt: number;
  hub: McpSessionHub;
  store: StateStore;
}

/** The server a name (joined on `/mcp`, its own on `/mcp/{server}`) belongs to, and its own name there. */
export function resolveName(view: McpView, name: string): { server: UpstreamServer; name: string } | undefined {
  if (!view.aggregate) {
    const server = view.servers[0];
    return server ? { server, name } : undefined;
  }
  const parts = splitName(name);
  const server = parts && view.servers.find((candidate) => candidate.config.name === parts.server);
  return server && parts ? { server, name: parts.name } : undefined;
}

/**
 * The server and own name of a name the view's key may use (`kind`'s globs); undefined for a
 * name no server has and for one the key may not use alike.
 */
export function resolveGranted(
  view: McpView,
  kind: McpGrantKind,
  name: string,
): { server: UpstreamServer; name: string } | undefined {
  const target = resolveName(view, name);
  return target && grantAllows(view.grant, kind, target.server.config.name, target.name) ? target : undefined;
}

/** Runs `use` with a client of `server` for this request and gives it back afterwards. */
export async function withLease<T>(
  view: McpView,
  server: UpstreamServer,
  use: (lease: UpstreamLease) => Promise<T>,
): Promise<T> {
  const lease = await server.lease(view.callerAuthorization);
  try {
    return await use(lease);
  } finally {
    await lease.release().catch(() => undefined);
  }
}

/** The options of one upstream request: the caller's cancel signal and the call-time bound. */
export function upstreamOptions(view: McpView, signal: AbortSignal, extra?: RequestOptions): RequestOptions {
  return { signal, timeout: view.limits.callTimeoutMs, ...extra };
}

export type UpstreamClient = Client;
