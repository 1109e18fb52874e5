// Types only (erased from the bundle): the console reads the gateway's own answer shapes.
import type { UsageTotals } from '../../gateway/src/ledger/ledger-queries.js';
import type { LedgerRow as LedgerEntry } from '../../gateway/src/ledger/ledger-row.js';
import type { AuditEntry } from '../../gateway/src/admin/admin-audit.js';

const STORAGE_KEY = 'interlingua.admin';

/** The admin secret of this tab: in sessionStorage (gone when the tab closes), never in a URL or the page. */
export const session = {
  get: (): string | null => sessionStorage.getItem(STORAGE_KEY),
  set: (secret: string): void => sessionStorage.setItem(STORAGE_KEY, secret),
  clear: (): void => sessionStorage.removeItem(STORAGE_KEY),
};

/** A user signed in through the identity provider, as `GET /console/session` names them. */
export interface ConsoleUser {
  subject: string;
  name?: string;
  email?: string;
  role: 'admin' | 'viewer' | null;
  teams: Array<{ teamId: string; role: string }>;
}

interface CookieSession {
  user: ConsoleUser;
  csrfToken: string;
  csrfHeader: string;
}

/** The console session of this browser (an HttpOnly cookie the page never sees), once read. */
let cookieSession: CookieSession | undefined;

/** Reads `GET /console/session`: whether the identity provider sign-in is on, and who is signed in. */
export async function loadConsoleSession(): Promise<{ signIn: boolean; user?: ConsoleUser }> {
  const response = await fetch('/console/session', { credentials: 'same-origin' });
  const body = (await response.json()) as { signIn?: boolean } & Partial<CookieSession>;
  cookieSession =
    body.user && body.csrfToken && body.csrfHeader
      ? { user: body.user, csrfToken: body.csrfToken, csrfHeader: body.csrfHeader }
      : undefined;
  return { signIn: body.signIn === true, ...(cookieSession ? { user: cookieSession.user } : {}) };
}

/** Ends the identity provider session (`POST /console/logout`, with its CSRF header). */
export async function signOutOfConsoleSession(): Promise<void> {
  const current = cookieSession;
  cookieSession = undefined;
  if (!current) return;
  await fetch('/console/logout', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { [current.csrfHeader]: current.csrfToken },
  });
}

/** The signed-in user of the cookie session, when the console runs on one (not the admin secret). */
export const consoleUser = (): ConsoleUser | undefined => cookieSession?.user;

/** How a call authenticates: the admin secret as Bearer, else the session cookie with its CSRF header on changes. */
function credentials(method: string, secret: string | undefined): Record<string, string> {
  if (secret) return { authorization: `Bearer ${secret}` };
  if (!cookieSession || method === 'GET' || method === 'HEAD') return {};
  return { [cookieSession.csrfHeader]: cookieSession.csrfToken };
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Calls the admin API with the tab's secret as Bearer (or the session cookie); an `ApiError` with the gateway's message otherwise. */
export async function admin<T>(
  path: string,
  init: { method?: string; body?: unknown; secret?: string } = {},
): Promise<T> {
  const response = await adminFetch(path, init);
  return (await response.json()) as T;
}

export async function adminFetch(
  path: string,
  init: { method?: string; body?: unknown; secret?: string; signal?: AbortSignal } = {},
): Promise<Response> {
  const method = init.method ?? 'GET';
  const response = await fetch(path, {
    method,
    credentials: 'same-origin',
    headers: {
      ...credentials(method, init.secret ?? session.get() ?? undefined),
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    ...(init.signal ? { signal: init.signal } : {}),
  });
  if (!response.ok) throw new ApiError(response.status, await errorMessage(response));
  return response;
}

export async function errorMessage(response: Response): Promise<string> {
  const text = await response.text();
  try {
    const body = JSON.parse(text) as { error?: { message?: string } | string; message?: string };
    if (typeof body.error === 'object' && body.error?.message) return body.error.message;
    if (typeof body.error === 'string') return body.error;
    if (body.message) return body.message;
  } catch {
    // not JSON: the text itself
  }
  return text || `HTTP ${response.status}`;
}

/** Reads server-sent events from a streamed answer, calling `onEvent` with each event's name and data. */
export async function readEvents(response: Response, onEvent: (event: string, data: string) => void): Promise<void> {
  const reader = response.body?.pipeThrough(new TextDecoderStream()).getReader();
  if (!reader) return;
  let buffer = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffer += value.replace(/\r\n/g, '\n');
    let end: number;
    while ((end = buffer.indexOf('\n\n')) !== -1) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let event = 'message';
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith('event:')) event = line.slice(6).trim();
        else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
      }
      if (data.length > 0) onEvent(event, data.join('\n'));
    }
  }
}

/** A key's MCP grant: its servers and the globs of each kind (prompts and resources absent on older keys). */
export interface McpGrantView {
  servers: string[];
  tools: string[];
  prompts?: string[];
  resources?: string[];
}

export interface KeyView {
  id: string;
  name: string;
  source: 'config' | 'runtime';
  readOnly: boolean;
  secretHint?: string;
  models: string[];
  rpm?: number;
  tpm?: number;
  budgets: Array<{ period: string; tokens?: number; cost?: number }>;
  /** The MCP servers, and tool, prompt and resource globs the key may use. */
  mcp?: McpGrantView;
  /** `false`: kept out of the response cache. */
  cache?: false;
  expiresAt?: string;
  metadata: Record<string, string>;
  disabled: boolean;
  createdAt?: string;
  secret?: string;
  /** The id of the team whose limits the key shares. */
  team?: string;
  owner?: string;
}

/** A team of `/admin/teams` (with its members from `/admin/teams/{id}`). */
export interface TeamView {
  id: string;
  name: string;
  rpm?: number;
  tpm?: number;
  budgets: Array<{ period: string; tokens?: number; cost?: number }>;
  members?: Array<{ subject: string; role: 'team-admin' | 'member' }>;
}

/** The shapes `/admin/usage` and `/admin/requests` answer with, as the gateway defines them. */
export type { UsageTotals, LedgerEntry };

/** A rate of `/admin/prices`: a number, or a base with higher rates above a prompt size (long-context tiers). */
export type PriceRate = number | { base: number; tiers: Array<{ start: number; price: number }> };

/** One row of `/admin/prices` as it arrives (the gateway's `EffectivePrice` after JSON). */
export interface EffectivePrice {
  route: string;
  provider: string;
  providerType: string;
  /** `*` when the route passes the caller's model name through. */
  upstreamModel: string;
  source: string | null;
  asOf: string | null;
  /** Keyed by the config's names (`inputPerMillion`) or the catalog's (`input_mtok`); `null` when unpriced. */
  prices: Record<string, PriceRate | undefined> | null;
}

export async function usage(params: Record<string, string>): Promise<UsageTotals[]> {
  const query = new URLSearchParams(params);
  return (await admin<{ data: UsageTotals[] }>(`/admin/usage?${query.toString()}`)).data;
}

/** One admin action of `/admin/audit`: who acted and how they signed in, the team, the action, what it touched. */
export type { AuditEntry };

/** The newest admin actions the caller may read (a gateway admin every one, a team admin its teams'), newest first. */
export async function auditTrail(team?: string): Promise<AuditEntry[]> {
  const query = new URLSearchParams({ limit: '200', ...(team ? { team } : {}) });
  return (await admin<{ data: AuditEntry[] }>(`/admin/audit?${query.toString()}`)).data;
}
