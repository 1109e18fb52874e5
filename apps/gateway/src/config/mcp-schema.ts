import { z } from 'zod';
import { strictObject } from './strict-object.js';

/**
 * What joins a server's name to a tool, prompt or resource name on the aggregated `/mcp`
 * endpoint (`everything__echo`). Server names hold no `_`, so the first `_` of a joined name is
 * always the separator's: no two servers' names can meet.
 */
export const MCP_NAME_SEPARATOR = '__';

/** A server name: letters, digits and `-` (never `_`, which the separator is made of), up to 64. */
export const MCP_SERVER_NAME = /^[A-Za-z0-9][A-Za-z0-9-]{0,63}$/;

const serverName = z
  .string()
  .regex(MCP_SERVER_NAME, 'use at most 64 letters, digits or "-" (no "_": "__" joins server and tool names)');

/** A server the gateway spawns over stdio, one process per gateway instance, started at its first use. */
const stdioServerSchema = strictObject({
  name: serverName,
  command: z.string().min(1),
  args: z.array(z.string()).default([]),
  /** Variables of the child's environment beside PATH and HOME (the gateway's own are not passed on). */
  env: z.record(z.string(), z.string()).default({}),
  /** The child's working directory; default the gateway's. */
  cwd: z.string().min(1).optional(),
});

/** A server reached over Streamable HTTP with the gateway's own credentials. */
const httpServerSchema = strictObject({
  name: serverName,
  url: z.url(),
  /** Headers sent upstream (the gateway's credentials for this server). */
  headers: z.record(z.string(), z.string()).default({}),
  /**
   * Send the caller's own `Authorization` header upstream (instead of any configured one). Off by
   * default: the caller's gateway key never leaves the gateway unless a server opts in.
   */
  passCallerToken: z.boolean().default(false),
});

export const mcpServerSchema = z.union([stdioServerSchema, httpServerSchema]);

const positiveInt = z.number().int().positive();

/** Bounds of the MCP gateway; each has a default. */
export const mcpLimitsSchema = strictObject({
  /** Largest JSON-RPC message (request body) accepted, in bytes; more is a 413 before parsing. */
  maxMessageBytes: positiveInt.default(4 * 1024 * 1024),
  /** Largest tool result passed back, in bytes of JSON; a larger one becomes a tool error naming the bound. */
  maxToolResultBytes: positiveInt.default(8 * 1024 * 1024),
  /** Time allowed for one upstream request (a tool call, a list, a read); progress does not extend it. */
  callTimeoutMs: positiveInt.default(120_000),
  /** MCP requests one key may have open at once on one instance; more are refused with 429. */
  maxConcurrentPerKey: positiveInt.max(100_000).default(64),
  /**
   * Standalone event streams (GET on a session) one key may have open at once on one instance;
   * more are refused with 429. Counted apart from `maxConcurrentPerKey`, as each client keeps one open.
   */
  maxStreamsPerKey: positiveInt.max(100_000).default(16),
  /** How long a session id the gateway issued stays valid; after it, requests with it get 404 and the client starts again. */
  sessionTtlMs: positiveInt.default(24 * 60 * 60 * 1000),
  /** stdio servers one instance may have running at once. */
  maxProcesses: positiveInt.max(1_000).default(32),
  /** First wait before a crashed server is started again; doubled at each crash in a row, up to `restartMaxMs`. */
  restartBaseMs: positiveInt.default(500),
  restartMaxMs: positiveInt.default(30_000),
});

/**
 * Bounds of the tool loop the gateway runs inside a model request (an MCP tool naming one of its
 * own servers, on an upstream that cannot run MCP itself); each has a default.
 */
export const mcpLoopSchema = strictObject({
  /** Model calls one request may make; past it the answer ends with what exists and a warning. */
  maxIterations: positiveInt.max(100).default(8),
  /** Time the whole loop may take, in seconds; past it the answer ends with what exists and a warning. */
  timeoutSeconds: positiveInt.max(3_600).default(120),
  /** Largest tool result fed back to the model, in bytes of text; a longer one is cut and says so. */
  maxResultBytes: positiveInt.default(65_536),
});

export const mcpSchema = strictObject({
  servers: z.array(mcpServerSchema).default([]),
  limits: mcpLimitsSchema.prefault({}),
  loop: mcpLoopSchema.prefault({}),
});

/**
 * A key's MCP grant: the servers it may use (`*` for all), and the tools, prompts and resources
 * of those servers it may see and use (globs).
 */
export const mcpGrantSchema = strictObject({
  servers: z.array(z.union([serverName, z.literal('*')])).default([]),
  /** Tool name globs (the server's own names, without the prefix); default every tool of its servers. */
  tools: z.array(z.string().min(1)).default(['*']),
  /** Prompt name globs (the server's own names); default every prompt of its servers. */
  prompts: z.array(z.string().min(1)).default(['*']),
  /** Resource URI globs (the server's own URIs and URI templates); default every resource of its servers. */
  resources: z.array(z.string().min(1)).default(['*']),
});

export type McpConfig = z.infer<typeof mcpSchema>;
export type McpServerConfig = z.infer<typeof mcpServerSchema>;
export type McpLimits = z.infer<typeof mcpLimitsSchema>;
export type McpGrantConfig = z.infer<typeof mcpGrantSchema>;
