import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  CompleteRequestSchema,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
  SetLevelRequestSchema,
  SubscribeRequestSchema,
  UnsubscribeRequestSchema,
  type ServerCapabilities,
  type ServerNotification,
} from '@modelcontextprotocol/sdk/types.js';
import { callTool, complete, getPrompt, readResource, type CallerRequest } from './mcp-calls.js';
import { listPage, PROMPTS, RESOURCE_TEMPLATES, RESOURCES, TOOLS } from './mcp-lists.js';
import { setSessionLogLevel } from './mcp-sessions.js';
import { subscribeResource, unsubscribeResource } from './mcp-subscriptions.js';
import type { McpView } from './mcp-view.js';

const GATEWAY_INFO = { name: 'interlingua-mcp', version: '1' };

/** What the gateway's server says it has: on `/mcp` every kind; on `/mcp/{server}` what that server has. */
export interface Offer {
  capabilities: ServerCapabilities;
  instructions?: string | undefined;
}

/** What `/mcp` offers (its servers may have any kind) and what `/mcp/{server}` offers when its server is unreachable. */
export const AGGREGATE_OFFER: Offer = {
  capabilities: {
    tools: { listChanged: true },
    prompts: { listChanged: true },
    resources: { subscribe: true, listChanged: true },
    completions: {},
    logging: {},
  },
};

/**
 * What one server offers through the gateway: its kinds, its resources' `subscribe` (held per
 * session), its lists' `listChanged` (relayed on session streams), and its instructions.
 */
export function offerOf(capabilities: ServerCapabilities | undefined, instructions: string | undefined): Offer {
  const has = (kind: keyof ServerCapabilities) => capabilities?.[kind] !== undefined;
  const changes = (kind: 'tools' | 'prompts' | 'resources') =>
    capabilities?.[kind]?.listChanged ? { listChanged: true } : {};
  return {
    capabilities: {
      ...(has('tools') ? { tools: changes('tools') } : {}),
      ...(has('prompts') ? { prompts: changes('prompts') } : {}),
      ...(has('resources')
        ? { resources: { ...(capabilities?.resources?.subscribe ? { subscribe: true } : {}), ...changes('resources') } }
        : {}),
      ...(has('completions') ? { completions: {} } : {}),
      logging: {},
    },
    ...(instructions ? { instructions } : {}),
  };
}

/**
 * The gateway's MCP server for one HTTP request: each method answered from the view's servers
 * (lists filtered by the key's grant, calls sent to the server that owns the name).
 */
export function createMcpServer(view: McpView, offer: Offer): Server {
  const server = new Server(GATEWAY_INFO, {
    capabilities: offer.capabilities,
    ...(offer.instructions ? { instructions: offer.instructions } : {}),
  });
  const caps = offer.capabilities;
  if (caps.tools) {
    server.setRequestHandler(ListToolsRequestSchema, async (request, extra) => {
      const page = await listPage(view, TOOLS, request.params?.cursor, extra.signal);
      return { tools: page.items, ...next(page.nextCursor) };
    });
    server.setRequestHandler(CallToolRequestSchema, (request, extra) => callTool(view, request.params, caller(extra)));
  }
  if (caps.prompts) {
    server.setRequestHandler(ListPromptsRequestSchema, async (request, extra) => {
      const page = await listPage(view, PROMPTS, request.params?.cursor, extra.signal);
      return { prompts: page.items, ...next(page.nextCursor) };
    });
    server.setRequestHandler(GetPromptRequestSchema, (request, extra) =>
      getPrompt(view, request.params, caller(extra)),
    );
  }
  if (caps.resources) {
    server.setRequestHandler(ListResourcesRequestSchema, async (request, extra) => {
      const page = await listPage(view, RESOURCES, request.params?.cursor, extra.signal);
      return { resources: page.items, ...next(page.nextCursor) };
    });
    server.setRequestHandler(ListResourceTemplatesRequestSchema, async (request, extra) => {
      const page = await listPage(view, RESOURCE_TEMPLATES, request.params?.cursor, extra.signal);
      return { resourceTemplates: page.items, ...next(page.nextCursor) };
    });
    server.setRequestHandler(ReadResourceRequestSchema, (request, extra) =>
      readResource(view, request.params, caller(extra)),
    );
  }
  if (caps.resources?.subscribe) {
    server.setRequestHandler(SubscribeRequestSchema, (request) => subscribeResource(view, request.params.uri));
    server.setRequestHandler(UnsubscribeRequestSchema, (request) => unsubscribeResource(view, request.params.uri));
  }
  if (caps.completions)
    server.setRequestHandler(CompleteRequestSchema, (request, extra) => complete(view, request.params, caller(extra)));
  server.setRequestHandler(SetLevelRequestSchema, (request) => setSessionLogLevel(view.session, request.params.level));
  return server;
}

function next(cursor: string | undefined): { nextCursor?: string } {
  return cursor === undefined ? {} : { nextCursor: cursor };
}

function caller(extra: {
  signal: AbortSignal;
  _meta?: { progressToken?: string | number | undefined } | undefined;
  sendNotification: (notification: ServerNotification) => Promise<void>;
}): CallerRequest {
  return { signal: extra.signal, progressToken: extra._meta?.progressToken, notify: extra.sendNotification };
}
