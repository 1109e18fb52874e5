import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { LoggingLevel, LoggingMessageNotification, ServerNotification } from '@modelcontextprotocol/sdk/types.js';
import { levelAllows } from './mcp-log-levels.js';
import { joinName } from './mcp-names.js';
import type { ListKindName, UpstreamListener, UpstreamServer } from './upstream-server.js';

/** One open standalone (GET) event stream of a session on this instance. */
export interface SessionStream {
  send(notification: ServerNotification): void;
  close(): void;
  /** The servers whose notices the stream carries (the key's on `/mcp`, one on `/mcp/{server}`). */
  servers: ReadonlySet<string>;
  /** Opened on `/mcp`: a log message's `logger` carries its server's prefix. */
  aggregate: boolean;
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
  /** The level the session chose with `logging/setLevel`; every log message while none. */
  logLevel?: LoggingLevel | undefined;
}

/**
 * The sessions that have a standalone stream on this instance, and the resource subscriptions
 * held upstream for them. A session's subscriptions are listed in the state store (any instance
 * may take a `resources/subscribe`); the instance holding its stream subscribes for them on its
 * shared connection to each server (once per server and URI, counted over sessions, made again
 * when the connection is) and sends each update on the session's newest stream. When a session's
 * last stream here closes, its subscriptions here are let go. The servers' list changes and log
 * messages (at or above the session's level) go to the newest stream of each session here that
 * carries that server.
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

  /** The level the session chose (read from the store by each sync, set at once by `logging/setLevel` here). */
  setLogLevel(sessionId: string, level: LoggingLevel | undefined): void {
    const session = this.sessions.get(sessionId);
    if (session) session.logLevel = level;
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

  /** The notice carries no name: what a client needs to list again, nothing of what it may not see. */
  listChanged(server: string, kind: ListKindName): void {
    const notice = { method: `notifications/${kind}/list_changed` } as ServerNotification;
    for (const session of this.sessions.values()) newestCarrying(session, server)?.send(notice);
  }

  logMessage(server: string, params: LoggingMessageNotification['params']): void {
    for (const session of this.sessions.values()) {
      if (!levelAllows(session.logLevel, params.level)) continue;
      const stream = newestCarrying(session, server);
      if (!stream) continue;
      const own = params.logger;
      const logger = stream.aggregate ? (own === undefined ? server : joinName(server, own)) : own;
      stream.send({
        method: 'notifications/message',
        params: { ...params, ...(logger === undefined ? {} : { logger }) },
      });
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

/** The session's newest stream here that carries the server's notices. */
function newestCarrying(session: SessionHere, server: string): SessionStream | undefined {
  return session.streams.findLast((stream) => stream.servers.has(server));
}

function upstreamKey(subscription: SessionSubscription): string {
  return `${subscription.server}\n${subscription.uri}`;
}
