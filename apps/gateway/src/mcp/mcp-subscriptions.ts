import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { asRecord, safeJsonParse } from '@interlingua/ir-utils';
import { grantAllows } from '../auth/mcp-grant.js';
import type { StateStore } from '../store/state-store.js';
import { unknownName } from './mcp-errors.js';
import type { SessionSubscription } from './mcp-session-hub.js';
import { sessionStoreKey } from './mcp-session-id.js';
import { resolveName, type McpView, type ViewSession } from './mcp-view.js';

/** Most resources one session may have subscribed. */
export const MAX_SUBSCRIPTIONS_PER_SESSION = 256;

/**
 * `resources/subscribe`: listed for the caller's session in the state store, so whichever
 * instance holds the session's stream subscribes upstream and sends the updates there (at once
 * when it is this one). A URI the key may not see is answered as one the server lacks would be
 * (a server that takes subscriptions takes any URI): accepted, and never subscribed.
 */
export async function subscribeResource(view: McpView, uri: string): Promise<Record<string, never>> {
  const session = sessionOf(view);
  const target = resolveName(view, uri);
  if (!target) throw unknownName('Resource', uri);
  const config = target.server.config;
  if ('url' in config && config.passCallerToken)
    throw new McpError(
      ErrorCode.InvalidRequest,
      `MCP server "${config.name}" is reached with each caller's token (passCallerToken): the gateway holds no subscription there`,
    );
  const client = await target.server.client();
  if (!client.getServerCapabilities()?.resources?.subscribe)
    throw new McpError(ErrorCode.MethodNotFound, `MCP server "${config.name}" offers no resource subscriptions`);
  // A URI outside the key's globs is taken as one the server does not have: accepted, nothing ever comes.
  if (!grantAllows(view.grant, 'resources', config.name, target.name)) return {};
  const listed = await listedSubscriptions(session.store, session.id);
  if (!listed.some((subscription) => subscription.shown === uri)) {
    if (listed.length >= MAX_SUBSCRIPTIONS_PER_SESSION)
      throw new McpError(
        ErrorCode.InvalidRequest,
        `This session has ${MAX_SUBSCRIPTIONS_PER_SESSION} resource subscriptions already`,
      );
    listed.push({ shown: uri, server: config.name, uri: target.name });
    await saveSubscriptions(session, listed);
  }
  await session.hub.sync(session.id, listed);
  return {};
}

/** `resources/unsubscribe`: a URI not subscribed is no error. */
export async function unsubscribeResource(view: McpView, uri: string): Promise<Record<string, never>> {
  const session = sessionOf(view);
  const listed = await listedSubscriptions(session.store, session.id);
  const kept = listed.filter((subscription) => subscription.shown !== uri);
  if (kept.length !== listed.length) await saveSubscriptions(session, kept);
  await session.hub.sync(session.id, kept);
  return {};
}

/** The subscriptions the store lists for a session (none when absent or unreadable). */
export async function listedSubscriptions(store: StateStore, sessionId: string): Promise<SessionSubscription[]> {
  const raw = await store.get(sessionStoreKey('subscriptions', sessionId));
  const parsed = raw === undefined ? undefined : safeJsonParse(raw);
  if (!parsed?.ok || !Array.isArray(parsed.value)) return [];
  return parsed.value.flatMap((entry): SessionSubscription[] => {
    const { shown, server, uri } = asRecord(entry) ?? {};
    return typeof shown === 'string' && typeof server === 'string' && typeof uri === 'string'
      ? [{ shown, server, uri }]
      : [];
  });
}

async function saveSubscriptions(session: ViewSession, listed: readonly SessionSubscription[]): Promise<void> {
  const key = sessionStoreKey('subscriptions', session.id);
  if (listed.length === 0) await session.store.delete(key);
  else await session.store.set(key, JSON.stringify(listed), Math.max(1, session.expiresAt - Date.now()));
}

function sessionOf(view: McpView): ViewSession {
  if (view.session) return view.session;
  throw new McpError(
    ErrorCode.InvalidRequest,
    'Subscriptions need a session: send the Mcp-Session-Id header that the answer to initialize gave',
  );
}
