import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { ServerNotification } from '@modelcontextprotocol/sdk/types.js';
import type { UpstreamListener, UpstreamServer } from './upstream-server.js';

/** One open standalone (GET) event stream of a session on this instance. */
export interface SessionStream {
  send(notification: ServerNotification): void;
  close(): void;
}

/** One resource subscription of a session, as the state store keeps it. */
export interface SessionSubscription {
  /** The URI as the caller named it (prefixed on `/mcp`): updates go out under it. */
  shown: string;
  server: string;
  /** The server's own URI. */
  uri: string;
}

interface SessionHere {
  streams: SessionStream[];
  /** The subscriptions held upstream for the session, by `shown`. */
  held: Map<string, SessionSubscription>;
  /** The sync running, if any: syncs of one session run one after another. */
  syncing: Promise<void>;
}

/**
 * The sessions that have a standalone stream on this instance, and the resource subscriptions
 * held upstream for them. A session's subscriptions are listed in the state store (any instance
 * may take a `resources/subscribe`); the instance holding its stream subscribes for them on its
 * shared connection to each server (once per server and URI, counted over sessions, made again
 * when the connection is) and sends each update on the session's newest stream. When a session's
 * last stream here closes, its subscriptions here are let go.
 */
export class McpSessionHub implements UpstreamListener {
  private readonly sessions = new Map<string, SessionHere>();
  /** Sessions holding each `server\nuri` here. */
  private readonly upstream = new Map<string, number>();

  constructor(
    private readonly timeoutMs: number,
    private readonly serverNamed: (name: string) => UpstreamServer | undefined,
  ) {}

  /** Adds a stream to the session; the function returned takes it away. */
  addStream(sessionId: string, stream: SessionStream): () => void {
    let session = this.sessions.get(sessionId);
    if (!session) {
      session = { streams: [], held: new Map(), syncing: Promise.resolve() };
      this.sessions.set(sessionId, session);
    }
    session.streams.push(stream);
    const here = session;
    return () => {
      here.streams = here.streams.filter((open) => open !== stream);
      if (here.streams.length > 0 || this.sessions.get(sessionId) !== here) return;
      this.sessions.delete(sessionId);
      for (const subscription of here.held.values()) void this.release(subscription);
    };
  }

  /** Whether the session has a stream here (its subscriptions are then held here). */
  holds(sessionId: string): boolean {
    return this.sessions.has(sessionId);
  }

  /**
   * Makes the subscriptions held here for the session those listed: new ones are subscribed
   * upstream (one that fails is tried again at the next sync), gone ones let go.
   */
  sync(sessionId: string, listed: readonly SessionSubscription[]): Promise<void> {
    const session = this.sessions.get(sessionId);
    if (!session) return Promise.resolve();
    session.syncing = session.syncing.then(() => this.syncNow(sessionId, session, listed));
    return session.syncing;
  }

  private async syncNow(sessionId: string, session: SessionHere, listed: readonly SessionSubscription[]) {
    if (this.sessions.get(sessionId) !== session) return;
    const wanted = new Map(listed.map((subscription) => [subscription.shown, subscription]));
    for (const [shown, subscription] of session.held) {
      if (wanted.has(shown)) continue;
      session.held.delete(shown);
      await this.release(subscription);
    }
    for (const [shown, subscription] of wanted) {
      if (session.held.has(shown)) continue;
      if (!(await this.acquire(subscription))) continue;
      // The last stream may have closed meanwhile: what was let go then did not include this one.
      if (this.sessions.get(sessionId) !== session) return this.release(subscription);
      session.held.set(shown, subscription);
    }
  }

  /** The session ended: its streams here close (and with the last one its subscriptions go). */
  end(sessionId: string): void {
    for (const stream of this.sessions.get(sessionId)?.streams ?? []) stream.close();
  }

  /** Closes every stream (the instance stops). */
  closeAll(): void {
    for (const sessionId of [...this.sessions.keys()]) this.end(sessionId);
  }

  resourceUpdated(server: string, uri: string): void {
    for (const session of this.sessions.values()) {
      for (const subscription of session.held.values()) {
        if (subscription.server !== server || subscription.uri !== uri) continue;
        const params = { uri: subscription.shown };
        session.streams.at(-1)?.send({ method: 'notifications/resources/updated', params });
      }
    }
  }

  reconnected(server: string, client: Client): void {
    for (const key of this.upstream.keys()) {
      const cut = key.indexOf('\n');
      if (key.slice(0, cut) !== server) continue;
      void client.subscribeResource({ uri: key.slice(cut + 1) }, { timeout: this.timeoutMs }).catch(() => undefined);
    }
  }

  private async acquire(subscription: SessionSubscription): Promise<boolean> {
    const key = upstreamKey(subscription);
    const count = this.upstream.get(key) ?? 0;
    if (count === 0) {
      try {
        const client = await this.serverNamed(subscription.server)?.client();
        if (!client) return false;
        await client.subscribeResource({ uri: subscription.uri }, { timeout: this.timeoutMs });
      } catch {
        return false;
      }
    }
    this.upstream.set(key, (this.upstream.get(key) ?? 0) + 1);
    return true;
  }

  private async release(subscription: SessionSubscription): Promise<void> {
    const key = upstreamKey(subscription);
    const count = (this.upstream.get(key) ?? 1) - 1;
    if (count > 0) {
      this.upstream.set(key, count);
      return;
    }
    this.upstream.delete(key);
    const client = await this.serverNamed(subscription.server)
      ?.client()
      .catch(() => undefined);
    await client?.unsubscribeResource({ uri: subscription.uri }, { timeout: this.timeoutMs }).catch(() => undefined);
  }
}

function upstreamKey(subscription: SessionSubscription): string {
  return `${subscription.server}\n${subscription.uri}`;
}
