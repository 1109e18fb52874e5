import type { McpConfig } from '../config/mcp-schema.js';
import { UpstreamServer, type ProcessCount, type UpstreamStatus } from './upstream-server.js';

/**
 * The MCP servers of one gateway instance, by name: each connected at its first use (stdio
 * servers spawned then), restarted with back-off, closed with the gateway. Also counts the MCP
 * requests each key has open here (`mcp.limits.maxConcurrentPerKey`).
 */
export class McpUpstreams {
  private readonly servers = new Map<string, UpstreamServer>();
  private readonly openPerKey = new Map<string, number>();
  private readonly processes: ProcessCount = { running: 0 };

  constructor(readonly config: McpConfig) {
    for (const server of config.servers)
      this.servers.set(server.name, new UpstreamServer(server, config.limits, this.processes));
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
    const open = this.openPerKey.get(keyId) ?? 0;
    if (open >= this.config.limits.maxConcurrentPerKey) return false;
    this.openPerKey.set(keyId, open + 1);
    return true;
  }

  leave(keyId: string): void {
    const open = (this.openPerKey.get(keyId) ?? 1) - 1;
    if (open <= 0) this.openPerKey.delete(keyId);
    else this.openPerKey.set(keyId, open);
  }

  /** Stops every server (stdio processes end). */
  async close(): Promise<void> {
    await Promise.all(this.all().map((server) => server.close()));
  }
}
