/**
 * One raw HTTP request to an MCP endpoint with a gateway key, taking JSON or an event stream;
 * `sessionId` rides in `Mcp-Session-Id`, `message` is the JSON-RPC body.
 */
export function sendMcp(
  url: string,
  key: string,
  method: string,
  sessionId?: string,
  message?: unknown,
): Promise<Response> {
  return fetch(url, {
    method,
    headers: {
      authorization: `Bearer ${key}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...(sessionId ? { 'mcp-session-id': sessionId } : {}),
    },
    ...(message === undefined ? {} : { body: JSON.stringify(message) }),
  });
}
