import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ErrorCode, McpError, type ServerNotification } from '@modelcontextprotocol/sdk/types.js';
import type { UpstreamServer } from './upstream-server.js';

/** Most resources one session may have subscribed on one instance. */
export const MAX_SUBSCRIPTIONS_PER_SESSION = 256;

/** One open standalone (GET) event stream of a session on this instance. */
export interface SessionStream {
  send(notification: ServerNotification): void;
  close(): void;
}

/** What an upstream server tells the hub of its shared connection. */
export interface UpstreamListener {
  resourceUpdated(server: string, uri: string): void;
  /** The server's shared connection was made again: its subscriptions are lost upstream. */
  reconnected(server: string, client: Client): void;
}

interface Subscription {
  server: UpstreamServer;
  /** The server's own URI (the caller's may carry the `/mcp` prefix). */
  uri: string;
}

interface SessionHere {
  expiresAt: number;
  streams: SessionStream[];
  /** By the URI the caller subscribed with. */
  subscriptions: Map<string, Subscription>;
}

/**
 * The sessions this instance holds something of: their standalone streams and their resource
 * subscriptions. A subscription is made once upstream per server and URI on the instance's shared
 * connection (counted over sessions, made again when the connection is), and each update goes
 * out on the newest stream of every session subscribed to it here. Nothing is shared between
 * instances: a client that lands on another one subscribes again there. A session's entry goes
 * when it ends (DELETE here), or once its id has expired.
 */
export class McpSessionHub implements UpstreamListener {
  private readonly sessions = new Map<string, SessionHere>();
  /** Sessions subscribed per `server\nuri`. */
  private readonly upstream = new Map<string, number>();

  constructor(private readonly timeoutMs: number) {}

  /** Adds a stream to the session; the function returned takes it away. */
  addStream(sessionId: string, expiresAt: number, stream: SessionStream): () => void {
    const session = this.entry(sessionId, expiresAt);
    session.streams.push(stream);
    return () => {
      session.streams = session.streams.filter((open) => open !== stream);
    };
  }

  streamCount(sessionId: string): number {
    return this.sessions.get(sessionId)?.streams.length ?? 0;
  }

  async subscribe(sessionId: string, expiresAt: number, shownUri: string, target: Subscription): Promise<void> {
    this.sweep(Date.now());
    const session = this.entry(sessionId, expiresAt);
    if (session.subscriptions.has(shownUri)) return;
    if (session.subscriptions.size >= MAX_SUBSCRIPTIONS_PER_SESSION)
      throw new McpError(
        ErrorCode.InvalidRequest,
        `This session has ${MAX_SUBSCRIPTIONS_PER_SESSION} subscriptions on this gateway instance already`,
      );
    const config = target.server.config;
    if ('url' in config && config.passCallerToken)
      throw new McpError(
        ErrorCode.InvalidRequest,
        `MCP server "${config.name}" is reached with each caller's token (passCallerToken): the gateway cannot hold a subscription there`,
      );
    const key = upstreamKey(config.name, target.uri);
    const count = this.upstream.get(key) ?? 0;
    if (count === 0) {
      const client = await target.server.client();
      await client.subscribeResource({ uri: target.uri }, { timeout: this.timeoutMs });
    }
    this.upstream.set(key, (this.upstream.get(key) ?? 0) + 1);
    session.subscriptions.set(shownUri, target);
  }

  async unsubscribe(sessionId: string, shownUri: string): Promise<void> {
    const session = this.sessions.get(sessionId);
    const target = session?.subscriptions.get(shownUri);
    if (!session || !target) return;
    session.subscriptions.delete(shownUri);
    await this.release(target);
  }

  /** The session ended: its streams close and its subscriptions go. */
  async end(sessionId: string): Promise<void> {
    const session = this.sessions.get(sessionId);
    if (!session) return;
    this.sessions.delete(sessionId);
    for (const stream of session.streams) stream.close();
    await Promise.all([...session.subscriptions.values()].map((target) => this.release(target)));
  }

  /** Closes every stream (the instance stops). */
  closeAll(): void {
    for (const session of this.sessions.values()) for (const stream of session.streams) stream.close();
    this.sessions.clear();
    this.upstream.clear();
  }

  resourceUpdated(server: string, uri: string): void {
    for (const session of this.sessions.values()) {
      for (const [shownUri, target] of session.subscriptions) {
        if (target.server.config.name !== server || target.uri !== uri) continue;
        session.streams.at(-1)?.send({ method: 'notifications/resources/updated', params: { uri: shownUri } });
      }
    }
  }

  reconnected(server: string, client: Client): void {
    for (const key of this.upstream.keys()) {
      const [name, uri] = splitKey(key);
      if (name === server) void client.subscribeResource({ uri }, { timeout: this.timeoutMs }).catch(() => undefined);
    }
  }

  private entry(sessionId: string, expiresAt: number): SessionHere {
    let session = this.sessions.get(sessionId);
    if (!session) {
      session = { expiresAt, streams: [], subscriptions: new Map() };
      this.sessions.set(sessionId, session);
    }
    return session;
  }

  /** Drops the subscriptions of sessions whose ids have expired (their streams, if any, stay until they close). */
  private sweep(now: number): void {
    for (const [sessionId, session] of this.sessions) {
      if (session.expiresAt > now || session.streams.length > 0) continue;
      void this.end(sessionId);
    }
  }

  private async release(target: Subscription): Promise<void> {
    const key = upstreamKey(target.server.config.name, target.uri);
    const count = (this.upstream.get(key) ?? 1) - 1;
    if (count > 0) {
      this.upstream.set(key, count);
      return;
    }
    this.upstream.delete(key);
    const client = await target.server.client().catch(() => undefined);
    await client?.unsubscribeResource({ uri: target.uri }, { timeout: this.timeoutMs }).catch(() => undefined);
  }
}

function upstreamKey(server: string, uri: string): string {
  return `${server}\n${uri}`;
}

function splitKey(key: string): [string, string] {
  const cut = key.indexOf('\n');
  return [key.slice(0, cut), key.slice(cut + 1)];
}
