import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  LoggingMessageNotificationSchema,
  PromptListChangedNotificationSchema,
  ResourceListChangedNotificationSchema,
  ResourceUpdatedNotificationSchema,
  ToolListChangedNotificationSchema,
  type LoggingMessageNotification,
} from '@modelcontextprotocol/sdk/types.js';
import type { McpLimits, McpServerConfig } from '../config/mcp-schema.js';
import { McpUpstreamError } from './mcp-errors.js';
import { errorText } from '../http/style-errors.js';

/** How one upstream server is doing on this instance, as `/ready` reports it. */
export interface UpstreamStatus {
  /** `idle`: not used yet (started at its first use); `down`: failed, retried after `retryInMs`. */
  state: 'idle' | 'starting' | 'up' | 'down';
  transport: 'stdio' | 'http';
  restarts: number;
  lastError?: string;
  retryInMs?: number;
}

/** The stdio processes an instance runs, shared by its servers (`mcp.limits.maxProcesses`). */
export interface ProcessCount {
  running: number;
}

const CLIENT_INFO = { name: 'interlingua-gateway', version: '1' };
/** How long a server's tool names are trusted before they are listed again (a list-changed notice drops them sooner). */
const TOOL_NAMES_TTL_MS = 30_000;
/** Pages read when listing every tool of a server. */
const MAX_LIST_PAGES = 100;

/** The lists a server may say changed. */
export type ListKindName = 'tools' | 'prompts' | 'resources';

/** What an upstream server tells of its shared connection (the sessions' hub listens). */
export interface UpstreamListener {
  resourceUpdated(server: string, uri: string): void;
  listChanged(server: string, kind: ListKindName): void;
  logMessage(server: string, params: LoggingMessageNotification['params']): void;
  /** The server's shared connection was made again: its subscriptions are lost upstream. */
  reconnected(server: string, client: Client): void;
}

/** A client to use for one request, and what to do when the request is done with it. */
export interface UpstreamLease {
  client: Client;
  /** Every tool name the server has (to answer an unknown name the gateway's way). */
  toolNames(): Promise<ReadonlySet<string>>;
  release(): Promise<void>;
}

/**
 * One upstream MCP server as this instance reaches it: one connection (a spawned process for
 * stdio), opened at first use and shared by every caller. When it fails or the process exits,
 * it is started again after a back-off that doubles with each failure in a row; calls while it
 * waits are refused at once, naming the wait.
 */
export class UpstreamServer {
  private connection: Promise<Client> | undefined;
  private state: UpstreamStatus['state'] = 'idle';
  private failuresInRow = 0;
  private restarts = 0;
  private lastError: string | undefined;
  private retryAt = 0;
  private upSince = 0;
  private restartTimer: NodeJS.Timeout | undefined;
  private closed = false;
  private toolCache: { names: Promise<ReadonlySet<string>>; at: number } | undefined;

  constructor(
    readonly config: McpServerConfig,
    private readonly limits: McpLimits,
    private readonly processes: ProcessCount,
    /** Told of resource updates on the shared connection, and when it is made again. */
    private readonly listener?: UpstreamListener,
  ) {}

  /** The shared client, connecting (or reconnecting once the back-off is over) when needed. */
  client(): Promise<Client> {
    if (this.connection) return this.connection;
    if (this.closed) return Promise.reject(new McpUpstreamError(`MCP server "${this.config.name}" is shut down`));
    const wait = this.retryAt - Date.now();
    if (this.state === 'down' && wait > 0)
      return Promise.reject(
        new McpUpstreamError(
          `MCP server "${this.config.name}" is down (${this.lastError ?? 'failed'}); next start in ${wait} ms`,
        ),
      );
    const connection = this.connect();
    this.connection = connection;
    connection.catch(() => {
      if (this.connection === connection) this.connection = undefined;
    });
    return connection;
  }

  /**
   * A client for one request: the shared one, or, for a server with `passCallerToken`, one made
   * for this request with the caller's `Authorization` header (closed on release).
   */
  async lease(callerAuthorization: string | undefined): Promise<UpstreamLease> {
    const config = this.config;
    if (!('url' in config) || !config.passCallerToken) {
      const client = await this.client();
      return { client, toolNames: () => this.toolNames(client), release: async () => undefined };
    }
    const headers = { ...config.headers, ...(callerAuthorization ? { authorization: callerAuthorization } : {}) };
    const client = new Client(CLIENT_INFO, { capabilities: {} });
    try {
      await client.connect(upstreamTransport({ ...config, headers }), { timeout: this.limits.callTimeoutMs });
    } catch (error) {
      await client.close().catch(() => undefined);
      throw new McpUpstreamError(`MCP server "${config.name}" failed: ${errorText(error)}`);
    }
    const timeout = this.limits.callTimeoutMs;
    return { client, toolNames: () => listToolNames(client, timeout), release: () => client.close() };
  }

  private toolNames(client: Client): Promise<ReadonlySet<string>> {
    const cached = this.toolCache;
    if (cached && Date.now() - cached.at < TOOL_NAMES_TTL_MS) return cached.names;
    const names = listToolNames(client, this.limits.callTimeoutMs);
    this.toolCache = { names, at: Date.now() };
    names.catch(() => {
      if (this.toolCache?.names === names) this.toolCache = undefined;
    });
    return names;
  }

  status(): UpstreamStatus {
    const transport = 'command' in this.config ? 'stdio' : 'http';
    const retryInMs = this.state === 'down' ? Math.max(0, this.retryAt - Date.now()) : undefined;
    return {
      state: this.state,
      transport,
      restarts: this.restarts,
      ...(this.lastError ? { lastError: this.lastError } : {}),
      ...(retryInMs !== undefined ? { retryInMs } : {}),
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.restartTimer);
    const connection = this.connection;
    this.connection = undefined;
    if (connection) await connection.then((client) => client.close()).catch(() => undefined);
  }

  private async connect(): Promise<Client> {
    this.state = 'starting';
    const stdio = 'command' in this.config;
    if (stdio && this.processes.running >= this.limits.maxProcesses) {
      this.state = 'idle';
      throw new McpUpstreamError(
        `MCP server "${this.config.name}" cannot start: ${this.processes.running} processes run (mcp.limits.maxProcesses)`,
      );
    }
    const client = new Client(CLIENT_INFO, { capabilities: {} });
    this.listenTo(client);
    let counted = false;
    client.onclose = () => {
      if (counted) this.processes.running -= 1;
      counted = false;
      this.lost('the connection closed');
    };
    try {
      if (stdio) {
        this.processes.running += 1;
        counted = true;
      }
      await client.connect(upstreamTransport(this.config), { timeout: this.limits.callTimeoutMs });
      this.state = 'up';
      this.upSince = Date.now();
      this.listener?.reconnected(this.config.name, client);
      return client;
    } catch (error) {
      this.lost(errorText(error));
      await client.close().catch(() => undefined);
      throw new McpUpstreamError(`MCP server "${this.config.name}" failed to start: ${this.lastError ?? 'unknown'}`);
    }
  }

  /** Relays what the shared connection tells to the listener (a tool list change also drops the cached names). */
  private listenTo(client: Client): void {
    const name = this.config.name;
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
      this.toolCache = undefined;
      this.listener?.listChanged(name, 'tools');
    });
    client.setNotificationHandler(PromptListChangedNotificationSchema, () =>
      this.listener?.listChanged(name, 'prompts'),
    );
    client.setNotificationHandler(ResourceListChangedNotificationSchema, () =>
      this.listener?.listChanged(name, 'resources'),
    );
    client.setNotificationHandler(ResourceUpdatedNotificationSchema, (notice) =>
      this.listener?.resourceUpdated(name, notice.params.uri),
    );
    client.setNotificationHandler(LoggingMessageNotificationSchema, (notice) =>
      this.listener?.logMessage(name, notice.params),
    );
  }

  /** The connection failed or closed: count the failure and plan the next start after the back-off. */
  private lost(reason: string): void {
    if (this.closed || this.state === 'down') return;
    const wasUp = this.state === 'up';
    this.connection = undefined;
    if (wasUp && Date.now() - this.upSince > this.limits.restartMaxMs) this.failuresInRow = 0;
    this.failuresInRow += 1;
    this.lastError = reason;
    this.state = 'down';
    const delay = Math.min(this.limits.restartBaseMs * 2 ** (this.failuresInRow - 1), this.limits.restartMaxMs);
    this.retryAt = Date.now() + delay;
    if (wasUp) this.toolCache = undefined;
    clearTimeout(this.restartTimer);
    this.restartTimer = setTimeout(() => {
      this.restarts += 1;
      this.client().catch(() => undefined);
    }, delay);
    this.restartTimer.unref();
  }
}

/** The transport to one server: a spawned process for stdio, Streamable HTTP with the configured headers. */
function upstreamTransport(config: McpServerConfig): Transport {
  if ('command' in config) {
    return new StdioClientTransport({
      command: config.command,
      args: config.args,
      env: { ...inheritedEnv(), ...config.env },
      ...(config.cwd ? { cwd: config.cwd } : {}),
      stderr: 'ignore',
    });
  }
  return new StreamableHTTPClientTransport(new URL(config.url), { requestInit: { headers: config.headers } });
}

/** Every tool name of a server, page after page. */
async function listToolNames(client: Client, timeout: number): Promise<ReadonlySet<string>> {
  const names = new Set<string>();
  let cursor: string | undefined;
  for (let page = 0; page < MAX_LIST_PAGES; page += 1) {
    const result = await client.listTools(cursor === undefined ? {} : { cursor }, { timeout });
    for (const tool of result.tools) names.add(tool.name);
    cursor = result.nextCursor;
    if (cursor === undefined) break;
  }
  return names;
}

/** What a child inherits of the gateway's environment: where programs are and whose home, nothing secret. */
function inheritedEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const name of ['PATH', 'HOME', 'TMPDIR', 'LANG', 'NODE_OPTIONS']) {
    const value = process.env[name];
    if (value !== undefined) env[name] = value;
  }
  return env;
}
