// Types only (erased from the bundle): the console reads the gateway's own answer shapes.
import type { UsageTotals } from '../../gateway/src/ledger/ledger-queries.js';
import type { LedgerRow as LedgerEntry } from '../../gateway/src/ledger/ledger-row.js';

const STORAGE_KEY = 'interlingua.admin';

/** The admin secret of this tab: in sessionStorage (gone when the tab closes), never in a URL or the page. */
export const session = {
  get: (): string | null => sessionStorage.getItem(STORAGE_KEY),
  set: (secret: string): void => sessionStorage.setItem(STORAGE_KEY, secret),
  clear: (): void => sessionStorage.removeItem(STORAGE_KEY),
};

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Calls the admin API with the session's secret as Bearer; an `ApiError` with the gateway's message otherwise. */
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
  const secret = init.secret ?? session.get() ?? '';
  const response = await fetch(path, {
    method: init.method ?? 'GET',
    headers: {
      authorization: `Bearer ${secret}`,
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
  /** The MCP servers and tool globs the key may use. */
  mcp?: { servers: string[]; tools: string[] };
  expiresAt?: string;
  metadata: Record<string, string>;
  disabled: boolean;
  createdAt?: string;
  secret?: string;
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
