import type { McpConfig } from '../config/mcp-schema.js';
import { McpSessionHub } from './mcp-session-hub.js';
import { UpstreamServer, type ProcessCount, type UpstreamStatus } from './upstream-server.js';

/**
 * The MCP servers of one gateway instance, by name: each connected at its first use (stdio
 * servers spawned then), restarted with back-off, closed with the gateway. Also counts the MCP
 * requests each key has open here (`mcp.limits.maxConcurrentPerKey`) and its sessions' standalone
 * streams (`mcp.limits.maxStreamsPerKey`), and holds what sessions keep here (`sessions`).
 */
export class McpUpstreams {
  private readonly servers = new Map<string, UpstreamServer>();
  private readonly openPerKey = new Map<string, number>();
  private readonly streamsPerKey = new Map<string, number>();
  private readonly processes: ProcessCount = { running: 0 };
  /** The sessions' standalone streams and resource subscriptions on this instance. */
  readonly sessions: McpSessionHub;

  constructor(readonly config: McpConfig) {
    this.sessions = new McpSessionHub(config.limits.callTimeoutMs, (name) => this.servers.get(name));
    for (const server of config.servers)
      this.servers.set(server.name, new UpstreamServer(server, config.limits, this.processes, this.sessions));
  }

  get(name: string): UpstreamServer | undefined {
    return this.servers.get(name);
  }

  /** Every server, in the config's order. */
  all(): UpstreamServer[] {
    return [...this.servers.values()];
  }

  /** How each server is doing, for `/ready`; undefined when none is configured. */
  status(): Record<string, UpstreamStatus> | undefined {
    if (this.servers.size === 0) return undefined;
    return Object.fromEntries([...this.servers].map(([name, server]) => [name, server.status()]));
  }

  /** Takes one of the key's open-request places; false when it has `maxConcurrentPerKey` open already. */
  enter(keyId: string): boolean {
    return take(this.openPerKey, keyId, this.config.limits.maxConcurrentPerKey);
  }

  leave(keyId: string): void {
    give(this.openPerKey, keyId);
  }

  /** Takes one of the key's standalone-stream places; false when it has `maxStreamsPerKey` open already. */
  enterStream(keyId: string): boolean {
    return take(this.streamsPerKey, keyId, this.config.limits.maxStreamsPerKey);
  }

  leaveStream(keyId: string): void {
    give(this.streamsPerKey, keyId);
  }

  /** Stops every server (stdio processes end) and closes the sessions' streams. */
  async close(): Promise<void> {
    this.sessions.closeAll();
    await Promise.all(this.all().map((server) => server.close()));
  }
}

function take(counts: Map<string, number>, keyId: string, bound: number): boolean {
  const open = counts.get(keyId) ?? 0;
  if (open >= bound) return false;
  counts.set(keyId, open + 1);
  return true;
}

function give(counts: Map<string, number>, keyId: string): void {
  const open = (counts.get(keyId) ?? 1) - 1;
  if (open <= 0) counts.delete(keyId);
  else counts.set(keyId, open);
}
