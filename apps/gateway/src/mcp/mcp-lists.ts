import {
  ErrorCode,
  McpError,
  type Prompt,
  type Resource,
  type ResourceTemplate,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import type { RequestOptions } from '@modelcontextprotocol/sdk/shared/protocol.js';
import { grantAllows, type McpGrantKind } from '../auth/mcp-grant.js';
import { decodeCursor, encodeCursor, joinName } from './mcp-names.js';
import { upstreamOptions, withLease, type McpView, type UpstreamClient } from './mcp-view.js';
import type { UpstreamServer } from './upstream-server.js';

/** One page of a list as the upstream gave it. */
interface Page<T> {
  items: T[];
  nextCursor?: string | undefined;
}

/** How one kind of list is read from a server and shown to the caller. */
export interface ListKind<T> {
  /** The server capability the list needs (`tools`, `prompts`, `resources`). */
  capability: 'tools' | 'prompts' | 'resources';
  fetch(client: UpstreamClient, cursor: string | undefined, options: RequestOptions): Promise<Page<T>>;
  /** The item as this view shows it; undefined hides it. */
  shape(view: McpView, server: string, item: T): T | undefined;
}

const params = (cursor: string | undefined) => (cursor === undefined ? {} : { cursor });

/**
 * `item` as `view` shows it: hidden unless the key's `kind` globs allow `granted` (its name or URI),
 * and with its names prefixed by `aggregated` on the aggregate endpoint.
 */
function itemShown<T>(
  view: McpView,
  kind: McpGrantKind,
  server: string,
  item: T,
  granted: string,
  aggregated: (item: T) => T,
): T | undefined {
  if (!grantAllows(view.grant, kind, server, granted)) return undefined;
  return view.aggregate ? aggregated(item) : item;
}

export const TOOLS: ListKind<Tool> = {
  capability: 'tools',
  fetch: async (client, cursor, options) => {
    const page = await client.listTools(params(cursor), options);
    return { items: page.tools, nextCursor: page.nextCursor };
  },
  shape: (view, server, tool) =>
    itemShown(view, 'tools', server, tool, tool.name, (item) => ({ ...item, name: joinName(server, item.name) })),
};

export const PROMPTS: ListKind<Prompt> = {
  capability: 'prompts',
  fetch: async (client, cursor, options) => {
    const page = await client.listPrompts(params(cursor), options);
    return { items: page.prompts, nextCursor: page.nextCursor };
  },
  shape: (view, server, prompt) =>
    itemShown(view, 'prompts', server, prompt, prompt.name, (item) => ({ ...item, name: joinName(server, item.name) })),
};

export const RESOURCES: ListKind<Resource> = {
  capability: 'resources',
  fetch: async (client, cursor, options) => {
    const page = await client.listResources(params(cursor), options);
    return { items: page.resources, nextCursor: page.nextCursor };
  },
  shape: (view, server, resource) =>
    itemShown(view, 'resources', server, resource, resource.uri, (item) => ({
      ...item,
      name: joinName(server, item.name),
      uri: joinName(server, item.uri),
    })),
};

export const RESOURCE_TEMPLATES: ListKind<ResourceTemplate> = {
  capability: 'resources',
  fetch: async (client, cursor, options) => {
    const page = await client.listResourceTemplates(params(cursor), options);
    return { items: page.resourceTemplates, nextCursor: page.nextCursor };
  },
  shape: (view, server, template) =>
    itemShown(view, 'resources', server, template, template.uriTemplate, (item) => ({
      ...item,
      name: joinName(server, item.name),
      uriTemplate: joinName(server, item.uriTemplate),
    })),
};

/**
 * One page of a list. On `/mcp/{server}` the upstream's page and cursor pass through, hidden
 * items left out. On `/mcp` the servers are read in turn until one has more pages; the cursor
 * given then names that server and its own cursor. A server that fails is left out of `/mcp`'s list.
 */
export async function listPage<T>(
  view: McpView,
  kind: ListKind<T>,
  cursor: string | undefined,
  signal: AbortSignal,
): Promise<Page<T>> {
  const options = upstreamOptions(view, signal);
  if (!view.aggregate) {
    const server = view.servers[0];
    if (!server) return { items: [] };
    const page = await withLease(view, server, (lease) => kind.fetch(lease.client, cursor, options));
    return { items: shown(view, kind, server, page.items), nextCursor: page.nextCursor };
  }
  const start = cursor === undefined ? { server: 0 } : decodeCursor(cursor);
  if (!start) throw new McpError(ErrorCode.InvalidParams, 'Invalid cursor');
  const items: T[] = [];
  for (let index = start.server; index < view.servers.length; index += 1) {
    const server = view.servers[index] as UpstreamServer;
    const inner = index === start.server ? start.cursor : undefined;
    const page = await readServerPage(view, kind, server, inner, options);
    items.push(...shown(view, kind, server, page.items));
    if (page.nextCursor !== undefined)
      return { items, nextCursor: encodeCursor({ server: index, cursor: page.nextCursor }) };
  }
  return { items };
}

async function readServerPage<T>(
  view: McpView,
  kind: ListKind<T>,
  server: UpstreamServer,
  cursor: string | undefined,
  options: RequestOptions,
): Promise<Page<T>> {
  try {
    return await withLease(view, server, async (lease) => {
      if (!lease.client.getServerCapabilities()?.[kind.capability]) return { items: [] };
      return kind.fetch(lease.client, cursor, options);
    });
  } catch {
    return { items: [] };
  }
}

function shown<T>(view: McpView, kind: ListKind<T>, server: UpstreamServer, items: readonly T[]): T[] {
  const result: T[] = [];
  for (const item of items) {
    const shaped = kind.shape(view, server.config.name, item);
    if (shaped !== undefined) result.push(shaped);
  }
  return result;
}
