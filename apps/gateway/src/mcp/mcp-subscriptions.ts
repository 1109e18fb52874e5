import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { unknownName } from './mcp-errors.js';
import { resolveName, type McpView, type ViewSession } from './mcp-view.js';

/**
 * `resources/subscribe`: held for the caller's session on this instance (subscribed upstream on
 * its shared connection); updates go out on the session's standalone stream here.
 */
export async function subscribeResource(view: McpView, uri: string): Promise<Record<string, never>> {
  const session = sessionOf(view);
  const target = resolveName(view, uri);
  if (!target) throw unknownName('Resource', uri);
  await session.hub.subscribe(session.id, session.expiresAt, uri, { server: target.server, uri: target.name });
  return {};
}

/** `resources/unsubscribe`: a URI not subscribed (here) is no error. */
export async function unsubscribeResource(view: McpView, uri: string): Promise<Record<string, never>> {
  const session = sessionOf(view);
  await session.hub.unsubscribe(session.id, uri);
  return {};
}

function sessionOf(view: McpView): ViewSession {
  if (view.session) return view.session;
  throw new McpError(
    ErrorCode.InvalidRequest,
    'Subscriptions need a session: send the Mcp-Session-Id header that the answer to initialize gave',
  );
}
