// An edge-style fetch handler (Web APIs only: Request, Response, fetch, streams): it accepts
// Anthropic Messages requests and serves them from any OpenAI-compatible upstream, streaming
// included. Deploy it where `export default { fetch }` handlers run, or call it from Node 20.
import { translateError, translateRequest, translateResponse, translateStream } from '@interlingua/translate';

/**
 * @param {{ upstreamBaseUrl: string, upstreamKey: string, fetchImpl?: typeof fetch }} options
 * @returns {{ fetch(request: Request): Promise<Response> }}
 */
export function createMessagesToChatHandler({ upstreamBaseUrl, upstreamKey, fetchImpl = fetch }) {
  return {
    async fetch(request) {
      if (request.method !== 'POST')
        return Response.json(
          { type: 'error', error: { type: 'not_found_error', message: 'POST /v1/messages' } },
          { status: 404 },
        );
      const body = await request.json();
      const { value: chatBody, warnings } = translateRequest(body, 'anthropic-messages', 'openai-chat');
      const upstream = await fetchImpl(`${upstreamBaseUrl}/chat/completions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${upstreamKey}`, 'content-type': 'application/json' },
        body: JSON.stringify(chatBody),
        signal: request.signal,
      });
      const headers = { 'x-interlingua-warnings': warnings.map((w) => `${w.kind} ${w.field}`).join(' | ') };
      if (!upstream.ok) {
        const failed = translateError(
          upstream.status,
          await upstream.json().catch(() => null),
          'openai-chat',
          'anthropic-messages',
        );
        return Response.json(failed.body, { status: failed.status, headers });
      }
      if (body.stream === true && upstream.body) {
        const events = upstream.body
          .pipeThrough(translateStream('openai-chat', 'anthropic-messages'))
          .pipeThrough(new TextEncoderStream());
        return new Response(events, { headers: { ...headers, 'content-type': 'text/event-stream' } });
      }
      return Response.json(translateResponse(await upstream.json(), 'openai-chat', 'anthropic-messages').value, {
        headers,
      });
    },
  };
}
