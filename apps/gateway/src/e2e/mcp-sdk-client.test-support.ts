import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

/** An official SDK client connected over Streamable HTTP with a gateway key. */
export interface SdkClient {
  client: Client;
  transport: StreamableHTTPClientTransport;
  close(): Promise<void>;
}

export interface SdkClientOptions {
  /** Resumes a session another client opened (no `initialize`). */
  sessionId?: string;
  /**
   * Sees every HTTP answer the client gets with the method of the request it answers (to read
   * which instance answered, or when the GET stream opened).
   */
  onResponse?: (response: Response, request: { method: string }) => void;
}

/**
 * Connects the SDK's client to `url` presenting `key` as a Bearer token; no reconnection attempts
 * (a test sees the first failure).
 */
export async function connectSdkClient(url: string, key: string, options: SdkClientOptions = {}): Promise<SdkClient> {
  const { sessionId, onResponse } = options;
  const transport = new StreamableHTTPClientTransport(new URL(url), {
    requestInit: { headers: { authorization: `Bearer ${key}` } },
    reconnectionOptions: {
      maxRetries: 0,
      initialReconnectionDelay: 100,
      maxReconnectionDelay: 100,
      reconnectionDelayGrowFactor: 1,
    },
    ...(sessionId ? { sessionId } : {}),
    ...(onResponse
      ? {
          fetch: async (input: string | URL, init?: RequestInit) => {
            const response = await fetch(input, init);
            onResponse(response, { method: init?.method ?? 'GET' });
            return response;
          },
        }
      : {}),
  });
  const client = new Client({ name: 'interlingua-e2e', version: '1.0.0' });
  await client.connect(transport);
  return { client, transport, close: () => client.close() };
}

/** The text of a tool result's first text block (server-everything's `echo` answers `Echo: <message>`). */
export function firstText(result: unknown): string | undefined {
  const content = (result as { content?: Array<{ type: string; text?: string }> }).content ?? [];
  return content.find((block) => block.type === 'text')?.text;
}
